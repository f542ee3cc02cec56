import { create } from 'zustand';

/** The app's session state: the spec's 401 handling dispatches `logOut` here. */
export interface SessionState {
  signedIn: boolean;
  logOut: () => void;
  signIn: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  signedIn: false,
  logOut: () => set({ signedIn: false }),
  signIn: () => set({ signedIn: true }),
}));
