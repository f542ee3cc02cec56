/*
 * The first say on the browser's Back and Forward buttons. When one is pressed the browser has
 * already moved and tells the page with `popstate`; the router's own listener then shows the
 * other screen. Listeners run in the order they were added, so this one is added as the app
 * starts (main.tsx), before the router's, and asks the gate a screen may set (the back office's
 * unsaved-changes guard): a gate that takes the event keeps it from the router.
 */

/** Takes a popstate event (true) or lets the router have it (false). */
export type PopGate = (event: PopStateEvent) => boolean;

let gate: PopGate | undefined;
const installedOn = new WeakSet<EventTarget>();

/** Listens first; call once as the app starts, before the router is drawn. */
export function installPopGate(target: EventTarget = window): void {
  if (installedOn.has(target)) return;
  installedOn.add(target);
  target.addEventListener('popstate', (event) => {
    if (gate?.(event as PopStateEvent)) event.stopImmediatePropagation();
  });
}

/** Sets the gate until the function it gives back is called. */
export function setPopGate(next: PopGate): () => void {
  gate = next;
  return () => {
    if (gate === next) gate = undefined;
  };
}

/** The position in the session's history that the router writes into each entry's state. */
export function historyIndexOf(state: unknown): number | undefined {
  const index = (state as { idx?: unknown } | null | undefined)?.idx;
  return typeof index === 'number' ? index : undefined;
}

/**
 * How far a Back or Forward moved from the entry the app was showing (`here`) to the one the
 * browser is on now (`next`): -1 for one step back; undefined when it cannot tell or did not move.
 */
export function stepsMoved(here: number | undefined, next: number | undefined): number | undefined {
  if (here === undefined || next === undefined || here === next) return undefined;
  return next - here;
}
