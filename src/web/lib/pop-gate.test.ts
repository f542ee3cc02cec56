import { describe, expect, it } from 'vitest';
import { historyIndexOf, installPopGate, setPopGate, stepsMoved } from './pop-gate';

/** A popstate as the browser sends it, with the entry's state (Node has no PopStateEvent). */
function popstate(state: unknown): Event {
  return Object.assign(new Event('popstate'), { state });
}

describe('the pop gate', () => {
  it('hears Back before a listener added after it, and keeps from it what the gate takes', () => {
    const target = new EventTarget();
    installPopGate(target);
    installPopGate(target); // once per target, however often it is called
    const routerSaw: unknown[] = [];
    target.addEventListener('popstate', (event) => routerSaw.push((event as PopStateEvent).state));

    target.dispatchEvent(popstate({ idx: 1 }));
    const gateSaw: unknown[] = [];
    const release = setPopGate((event) => {
      gateSaw.push(event.state);
      return (event.state as { idx: number }).idx === 0;
    });
    target.dispatchEvent(popstate({ idx: 0 }));
    target.dispatchEvent(popstate({ idx: 2 }));
    release();
    target.dispatchEvent(popstate({ idx: 0 }));

    expect(gateSaw).toEqual([{ idx: 0 }, { idx: 2 }]);
    expect(routerSaw).toEqual([{ idx: 1 }, { idx: 2 }, { idx: 0 }]);
  });

  it('leaves a newer gate in place when an older one is released', () => {
    const target = new EventTarget();
    installPopGate(target);
    const releaseOld = setPopGate(() => true);
    const releaseNew = setPopGate(() => true);
    releaseOld();
    let routerSaw = 0;
    target.addEventListener('popstate', () => (routerSaw += 1));
    target.dispatchEvent(popstate({ idx: 0 }));
    expect(routerSaw).toBe(0);
    releaseNew();
    target.dispatchEvent(popstate({ idx: 0 }));
    expect(routerSaw).toBe(1);
  });
});

describe('steps moved', () => {
  it('reads the router’s index from an entry’s state', () => {
    expect(historyIndexOf({ usr: null, key: 'a', idx: 3 })).toBe(3);
    expect(historyIndexOf(null)).toBeUndefined();
    expect(historyIndexOf({ idx: '3' })).toBeUndefined();
  });

  it('says how far Back or Forward went, and nothing when it cannot tell or did not move', () => {
    expect(stepsMoved(4, 3)).toBe(-1);
    expect(stepsMoved(1, 3)).toBe(2);
    expect(stepsMoved(2, 2)).toBeUndefined();
    expect(stepsMoved(undefined, 2)).toBeUndefined();
    expect(stepsMoved(2, undefined)).toBeUndefined();
  });
});
