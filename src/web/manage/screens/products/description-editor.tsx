import { useRef, type KeyboardEvent } from 'react';
import { applyFormat, formatOfShortcut, type DescriptionFormat } from './description-format';

const buttons: Array<{ format: DescriptionFormat; label: string; shortcut: string }> = [
  { format: 'bold', label: 'Bold', shortcut: 'Control+B' },
  { format: 'italic', label: 'Italic', shortcut: 'Control+I' },
  { format: 'list', label: 'List', shortcut: '' },
  { format: 'link', label: 'Link', shortcut: 'Control+K' },
];

/** The toolbar pattern: left and right arrows move between its buttons. */
function moveAlongToolbar(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  const all = [...event.currentTarget.querySelectorAll('button')];
  const at = all.indexOf(event.target as HTMLButtonElement);
  if (at === -1) return;
  event.preventDefault();
  const step = event.key === 'ArrowRight' ? 1 : -1;
  all[(at + step + all.length) % all.length]?.focus();
}

/**
 * A product description: a textarea of simple HTML with a toolbar (bold, italic, list, link)
 * that wraps the selection in the tags the site keeps. The server sanitises what is saved with
 * the same rules as every description it shows, so the owner sees the stored text after saving.
 */
export function DescriptionEditor({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const area = useRef<HTMLTextAreaElement>(null);

  const format = (kind: DescriptionFormat) => {
    const textarea = area.current;
    if (!textarea) return;
    const edit = applyFormat(value, textarea.selectionStart, textarea.selectionEnd, kind);
    onChange(edit.text);
    // After React has put the new text in: back to typing, with the new selection.
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const kind = formatOfShortcut(event.key);
    if (!kind) return;
    event.preventDefault();
    format(kind);
  };

  return (
    <div className="description-editor">
      <label htmlFor={id}>Description</label>
      <p id={`${id}-help`} className="description-editor__help">
        Simple HTML. Select words, then press a button (or Ctrl+B, Ctrl+I, Ctrl+K). Scripts and
        styles are removed when you save.
      </p>
      <div
        role="toolbar"
        aria-label="Description formatting"
        aria-controls={id}
        onKeyDown={moveAlongToolbar}
      >
        {buttons.map(({ format: kind, label, shortcut }) => (
          <button
            key={kind}
            type="button"
            className="button description-editor__button"
            aria-keyshortcuts={shortcut || undefined}
            // Keep the textarea's selection: a mouse press would otherwise move focus first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => format(kind)}
          >
            {label}
          </button>
        ))}
      </div>
      <textarea
        id={id}
        ref={area}
        rows={6}
        value={value}
        aria-describedby={`${id}-help`}
        spellCheck
        onKeyDown={onKeyDown}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
