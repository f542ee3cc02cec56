import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal question of the back office, on the browser's own <dialog> (focus kept inside, Escape
 * closes it, the page behind inert): `open` shows it; Escape counts as `onCancel`.
 */
export function ModalDialog({
  open,
  title,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="manage-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}

/** Yes or no, the safe choice first (it has the focus when the dialog opens). */
export function ConfirmDialog({
  open,
  title,
  text,
  stayLabel,
  goLabel,
  onStay,
  onGo,
}: {
  open: boolean;
  title: string;
  text: string;
  stayLabel: string;
  goLabel: string;
  onStay: () => void;
  onGo: () => void;
}) {
  return (
    <ModalDialog open={open} title={title} onCancel={onStay}>
      <p>{text}</p>
      <p className="manage-dialog__actions">
        <button type="button" className="button button--primary" onClick={onStay}>
          {stayLabel}
        </button>
        <button type="button" className="button" onClick={onGo}>
          {goLabel}
        </button>
      </p>
    </ModalDialog>
  );
}
