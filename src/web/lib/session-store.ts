import { create } from 'zustand';
import type { OwnerView } from '@common/owners';

/**
 * The app's session state: the spec's 401 handling dispatches `logOut` here (app/api-client-hooks),
 * and the sign-in screens call `signIn` with the owner the server answered with. In lib/ because
 * both the app shell and the back-office feature use it.
 */
export interface SessionState {
  signedIn: boolean;
  /** The signed-in business owner, when there is one. */
  owner: OwnerView | null;
  logOut: () => void;
  signIn: (owner?: OwnerView) => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  signedIn: false,
  owner: null,
  logOut: () => set({ signedIn: false, owner: null }),
  signIn: (owner) => set({ signedIn: true, owner: owner ?? null }),
}));
