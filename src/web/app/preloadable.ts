import { createElement, use, type ComponentType } from 'react';

export interface Preloadable {
  /** Renders the loaded component; suspends (inside a Suspense boundary) until it is loaded. */
  Component: ComponentType;
  /** Starts loading (once). Once it has settled, rendering does not suspend at all. */
  preload: () => Promise<ComponentType>;
}

/**
 * Like React.lazy, but loadable ahead of rendering: the server loads what a page shows before
 * renderToString (which cannot wait for a suspended component), so the prerendered HTML has the
 * whole screen and the browser can hydrate it (docs/decisions/page-speed.md).
 */
export function preloadable(load: () => Promise<ComponentType>): Preloadable {
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    if (!loading) {
      const promise: Promise<ComponentType> = load().then((loaded) => {
        // React's use() reads these fields, so a render after loading does not suspend.
        Object.assign(promise, { status: 'fulfilled', value: loaded });
        return loaded;
      });
      loading = promise;
    }
    return loading;
  };
  function Component() {
    // The loaded component is made once when its chunk arrives, not per render.
    return createElement(use(preload()));
  }
  return { Component, preload };
}
