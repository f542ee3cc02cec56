import { useEffect } from 'react';
import { create } from 'zustand';
import './toast.css';

/**
 * Saved / failed notes after a form is sent (one form kit, issue 31): shown for a few seconds in
 * one polite live region, so a screen reader hears them without losing its place.
 */
export type ToastKind = 'saved' | 'failed';

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface ToastState {
  toasts: Toast[];
  show: (kind: ToastKind, text: string) => void;
  dismiss: (id: number) => void;
}

let lastId = 0;

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  show: (kind, text) => {
    lastId += 1;
    const toast = { id: lastId, kind, text };
    // Only the newest few: a burst of saves should not fill the screen.
    set((state) => ({ toasts: [...state.toasts.slice(-2), toast] }));
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a note from anywhere (a mutation's callback, the form kit). */
export function showToast(kind: ToastKind, text: string): void {
  useToasts.getState().show(kind, text);
}

/** How long a note stays: long enough to read twice; a failure stays until dismissed. */
const savedToastMs = 5000;

function ToastNote({ toast }: { toast: Toast }) {
  const dismiss = useToasts((state) => state.dismiss);
  useEffect(() => {
    if (toast.kind !== 'saved') return;
    const timer = setTimeout(() => dismiss(toast.id), savedToastMs);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return (
    <li className={`toast toast--${toast.kind}`}>
      <span>{toast.text}</span>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss"
        onClick={() => dismiss(toast.id)}
      >
        ×
      </button>
    </li>
  );
}

/** The live region the notes appear in; render once per app shell. */
export function Toasts() {
  const toasts = useToasts((state) => state.toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      <ul>
        {toasts.map((toast) => (
          <ToastNote key={toast.id} toast={toast} />
        ))}
      </ul>
    </div>
  );
}
