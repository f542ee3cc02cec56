import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { UNSAFE_NavigationContext, useLocation, type Navigator } from 'react-router';
import { historyIndexOf, setPopGate, stepsMoved } from '@/lib/pop-gate';
import { ConfirmDialog } from './confirm-dialog';

/*
 * Never lose work (issue 31): while an editing screen has unsaved changes, leaving it asks first.
 * In-app moves go through the router's navigator, which the guard wraps for the back office's
 * subtree: react-router's useBlocker needs the data router, which the app does not use (it is
 * about 20 KB heavier for every visitor: docs/decisions/0014-page-speed.md). The browser's Back
 * and Forward buttons are held as useBlocker holds them, through the app's pop gate (usePopGuard
 * below). Closing or reloading the tab gets the browser's own question (beforeunload).
 */

type ConfirmLeave = (leave: () => void) => void;

/**
 * Back and Forward while work is unsaved: the browser has moved already when `popstate` comes.
 * The app's pop gate (lib/pop-gate.ts) hears it before the router does; the guard keeps it from
 * the router and steps back to where the owner was, so the screen never changes. Leaving makes
 * the same step again, which the router follows as usual. `isHeld` says whether anything is
 * unsaved.
 */
function usePopGuard(isHeld: () => boolean, confirmLeave: ConfirmLeave) {
  const location = useLocation();
  const index = useRef<number | undefined>(undefined);
  // The entry the owner is on, after every move the router makes.
  useEffect(() => {
    index.current = historyIndexOf(window.history.state);
  }, [location]);
  useEffect(() => {
    let undoing = false;
    return setPopGate((event) => {
      if (undoing) {
        // The guard's own step back to the screen: the router never saw the move it undoes.
        undoing = false;
        return true;
      }
      const delta = stepsMoved(index.current, historyIndexOf(event.state));
      if (!isHeld() || delta === undefined) return false;
      undoing = true;
      window.history.go(-delta);
      confirmLeave(() => window.history.go(delta));
      return true;
    });
  }, [isHeld, confirmLeave]);
}

interface GuardState {
  /** Marks one editor's changes as unsaved until the function it gives back is called. */
  hold: () => () => void;
  confirmLeave: ConfirmLeave;
}

const GuardContext = createContext<GuardState | null>(null);

/**
 * Wraps the back office: every Link and navigate() inside it, and the browser's Back and Forward,
 * ask before leaving unsaved work.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const navigation = useContext(UNSAFE_NavigationContext);
  const holders = useRef(new Set<symbol>());
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);

  const confirmLeave = useCallback<ConfirmLeave>((leave) => {
    if (holders.current.size === 0) leave();
    else setPendingLeave(() => leave);
  }, []);

  const isHeld = useCallback(() => holders.current.size > 0, []);
  usePopGuard(isHeld, confirmLeave);

  const hold = useCallback(() => {
    const holder = Symbol('unsaved changes');
    holders.current.add(holder);
    return () => void holders.current.delete(holder);
  }, []);

  const guarded = useMemo(() => {
    const inner = navigation.navigator;
    // The history object keeps its state in closures: a child object with three methods replaced
    // behaves as it does.
    // The lint takes these methods as called during render; the router calls them on a move.
    // eslint-disable-next-line react-hooks/refs
    const navigator: Navigator = Object.assign(Object.create(inner) as Navigator, {
      push: (...args: Parameters<Navigator['push']>) => confirmLeave(() => inner.push(...args)),
      replace: (...args: Parameters<Navigator['replace']>) =>
        confirmLeave(() => inner.replace(...args)),
      go: (delta: number) => confirmLeave(() => inner.go(delta)),
    });
    return { ...navigation, navigator };
  }, [navigation, confirmLeave]);

  const state = useMemo(() => ({ hold, confirmLeave }), [hold, confirmLeave]);

  return (
    <GuardContext.Provider value={state}>
      <UNSAFE_NavigationContext.Provider value={guarded}>
        {children}
      </UNSAFE_NavigationContext.Provider>
      <ConfirmDialog
        open={pendingLeave !== null}
        title="Leave without saving?"
        text="You have changes on this screen that are not saved yet. If you leave now, they are lost."
        stayLabel="Stay and keep editing"
        goLabel="Leave without saving"
        onStay={() => setPendingLeave(null)}
        onGo={() => {
          const leave = pendingLeave;
          holders.current.clear();
          setPendingLeave(null);
          leave?.();
        }}
      />
    </GuardContext.Provider>
  );
}

/**
 * An editing screen says whether it has unsaved changes; while it has, leaving the screen or
 * closing the tab asks first. It gives `leaveFreely`, for a move the screen makes itself once the
 * work is saved (before its state has caught up).
 */
export function useUnsavedChanges(unsaved: boolean): () => void {
  const guard = useContext(GuardContext);
  const release = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    if (!unsaved) return;
    const releaseHold = guard?.hold();
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    release.current = () => {
      releaseHold?.();
      window.removeEventListener('beforeunload', warn);
    };
    return () => {
      release.current?.();
      release.current = undefined;
    };
  }, [unsaved, guard]);
  return useCallback(() => release.current?.(), []);
}

/** Asks before an action that leaves the screen outside the router (signing out). */
export function useConfirmLeave(): ConfirmLeave {
  const guard = useContext(GuardContext);
  return guard?.confirmLeave ?? ((leave) => leave());
}
