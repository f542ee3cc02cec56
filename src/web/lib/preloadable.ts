import { createElement, use, type ComponentType } from 'react';

export interface Preloadable<Props extends object = object> {
  /** Renders the loaded component; suspends (inside a Suspense boundary) until it is loaded. */
  Component: ComponentType<Props>;
  /** Starts loading (once). Once it has settled, rendering does not suspend at all. */
  preload: () => Promise<ComponentType<Props>>;
}

/**
 * Like React.lazy, but loadable ahead of rendering: the server loads what a page shows before
 * renderToString (which cannot wait for a suspended component), so the prerendered HTML has the
 * whole screen and the browser can hydrate it; a screen also preloads the chunk of its next stage
 * while the visitor is on the current one (docs/decisions/0014-page-speed.md).
 */
export function preloadable<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
): Preloadable<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    if (!loading) {
      const promise: Promise<ComponentType<Props>> = load().then((loaded) => {
        // React's use() reads these fields, so a render after loading does not suspend.
        Object.assign(promise, { status: 'fulfilled', value: loaded });
        return loaded;
      });
      loading = promise;
    }
    return loading;
  };
  function Component(props: Props) {
    // The loaded component is made once when its chunk arrives, not per render.
    return createElement(use(preload()), props);
  }
  return { Component, preload };
}
