import {
  EditorContent,
  getMarkAttributes,
  useEditor,
  useEditorState,
  type ChainedCommands,
  type UseEditorOptions,
} from '@tiptap/react';
import { TextSelection, type EditorState } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { checkLinkAddress, isAllowedLink, toolbarTarget } from './editor-rules';

export interface RichTextEditorProps {
  /** The id of the editable area (and the base of its label's and help's ids). */
  id: string;
  /** The visible name of the field, e.g. "Description". */
  label: string;
  help?: string;
  /** Simple HTML; '' for nothing. */
  value: string;
  onChange: (html: string) => void;
}

type Editor = NonNullable<ReturnType<typeof useEditor>>;

interface FormatButton {
  name: string;
  label: string;
  /** aria-keyshortcuts: Tiptap's own keys (Mod is Control, or ⌘ on a Mac). */
  keys: string;
  isActive: (editor: Editor) => boolean;
  apply: (chain: ChainedCommands) => ChainedCommands;
}

/**
 * The site shows a description under the product page's "Details" h2 (and site text under a
 * section's h2), so its headings are h3 and h4: the outline stays right, and a pasted h1 or h2
 * becomes a paragraph.
 */
const formatButtons: FormatButton[] = [
  {
    name: 'bold',
    label: 'Bold',
    keys: 'Control+B',
    isActive: (e) => e.isActive('bold'),
    apply: (c) => c.toggleBold(),
  },
  {
    name: 'italic',
    label: 'Italic',
    keys: 'Control+I',
    isActive: (e) => e.isActive('italic'),
    apply: (c) => c.toggleItalic(),
  },
  {
    name: 'heading',
    label: 'Heading',
    keys: 'Control+Alt+3',
    isActive: (e) => e.isActive('heading', { level: 3 }),
    apply: (c) => c.toggleHeading({ level: 3 }),
  },
  {
    name: 'subheading',
    label: 'Subheading',
    keys: 'Control+Alt+4',
    isActive: (e) => e.isActive('heading', { level: 4 }),
    apply: (c) => c.toggleHeading({ level: 4 }),
  },
  {
    name: 'bullets',
    label: 'Bulleted list',
    keys: 'Control+Shift+8',
    isActive: (e) => e.isActive('bulletList'),
    apply: (c) => c.toggleBulletList(),
  },
  {
    name: 'numbers',
    label: 'Numbered list',
    keys: 'Control+Shift+7',
    isActive: (e) => e.isActive('orderedList'),
    apply: (c) => c.toggleOrderedList(),
  },
];

/** The field's starting text: the address of the link the cursor is in, if any. */
function linkFieldFor(state: EditorState) {
  const href: unknown = getMarkAttributes(state, 'link').href;
  return { typed: typeof href === 'string' ? href : '', problem: '' };
}

const extensions = [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    // An empty paragraph kept after a list would be saved as one.
    trailingNode: false,
    underline: false,
    heading: { levels: [3, 4] },
    link: {
      openOnClick: false,
      // No target or rel: the server keeps neither, and the words stay the owner's own site's.
      HTMLAttributes: { target: null, rel: null },
      isAllowedUri: (url) => isAllowedLink(url),
    },
  }),
];

/**
 * ProseMirror reads the browser's selection a moment after it changes (on "selectionchange"), and
 * only while it has focus: Shift+arrows then at once Ctrl+B, Enter or Shift+Tab to the toolbar
 * (voice control, a screen reader's script, a test) would act on the selection as it was before.
 * So before a key acts, and when the text loses focus, take the browser's selection as it is.
 */
function keepBrowserSelection(view: EditorView) {
  const browser = view.dom.ownerDocument.getSelection();
  const { anchorNode, focusNode } = browser ?? {};
  if (!browser || !anchorNode || !focusNode) return;
  if (!view.dom.contains(anchorNode) || !view.dom.contains(focusNode)) return;
  try {
    const anchor = view.posAtDOM(anchorNode, browser.anchorOffset);
    const head = view.posAtDOM(focusNode, browser.focusOffset);
    const { selection, doc, tr } = view.state;
    if (selection.anchor === anchor && selection.head === head) return;
    view.dispatch(tr.setSelection(TextSelection.between(doc.resolve(anchor), doc.resolve(head))));
  } catch {
    // A position ProseMirror cannot map (inside a widget): keep its own selection.
  }
}

const isLinkShortcut = (event: globalThis.KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key === 'k';

/**
 * Formatted text for an owner: Tiptap (ProseMirror) with only what the site's HTML keeps —
 * paragraphs, bold, italic, h3/h4, bulleted and numbered lists, links. The result is HTML; the
 * server sanitises it when it is saved, with the same rules as everything it shows
 * (docs/decisions/0035-description-editor.md).
 */
export default function RichTextEditor({ id, label, help, value, onChange }: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const linkInputId = `${id}-link`;
  const linkProblemId = `${id}-link-problem`;

  // What this editor last gave out: a new `value` that differs came from outside (the text as
  // stored after saving), and replaces the document.
  const given = useRef(value);
  const changed = useRef(onChange);
  useLayoutEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const [linkField, setLinkField] = useState<{ typed: string; problem: string } | null>(null);

  // The same options object on every render: Tiptap re-applies options that differ, which
  // resets the view while the owner types (letters went missing).
  const [options] = useState<UseEditorOptions>(() => ({
    extensions,
    content: value,
    // Back office only: never rendered on the server.
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(help ? { 'aria-describedby': helpId } : {}),
        class: 'rich-text-editor__area',
      },
      handleDOMEvents: {
        blur: (view) => {
          keepBrowserSelection(view);
          return false;
        },
      },
      handleKeyDown: (view, event) => {
        if (!event.isComposing) keepBrowserSelection(view);
        if (!isLinkShortcut(event)) return false;
        event.preventDefault();
        setLinkField(linkFieldFor(view.state));
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      given.current = html;
      changed.current(html);
    },
  }));
  const editor = useEditor(options);

  useEffect(() => {
    if (value === given.current) return;
    given.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      pressed: formatButtons.map((button) => button.isActive(current)),
      link: current.isActive('link'),
    }),
  });

  const [tabStop, setTabStop] = useState(0);
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > button')];
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    const target = at === -1 ? undefined : toolbarTarget(event.key, at, buttons.length);
    if (target === undefined) return;
    event.preventDefault();
    setTabStop(target);
    buttons[target]?.focus();
  };

  const linkInput = useRef<HTMLInputElement>(null);
  const linkIsOpen = linkField !== null;
  useEffect(() => {
    if (linkIsOpen) linkInput.current?.focus();
  }, [linkIsOpen]);

  const closeLink = () => {
    setLinkField(null);
    editor.commands.focus();
  };
  const applyLink = () => {
    if (!linkField) return;
    const checked = checkLinkAddress(linkField.typed);
    if ('problem' in checked) {
      setLinkField({ ...linkField, problem: checked.problem });
      linkInput.current?.focus();
      return;
    }
    const { href } = checked;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked words.
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] });
    } else {
      chain.setLink({ href });
    }
    chain.run();
    setLinkField(null);
  };
  const removeLink = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setLinkField(null);
  };
  const onLinkKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter would submit the form the editor sits in; Escape leaves the text as it was.
    if (event.key === 'Enter') {
      event.preventDefault();
      applyLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeLink();
    }
  };

  const toolbarButton = (index: number) => ({
    type: 'button' as const,
    className: 'button rich-text-editor__button',
    tabIndex: index === tabStop ? 0 : -1,
    onFocus: () => setTabStop(index),
    // A mouse press would take focus (and the selection's highlight) from the text first.
    onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
  });

  return (
    <div className="rich-text-editor">
      <span id={labelId} className="rich-text-editor__label">
        {label}
      </span>
      {help && (
        <p id={helpId} className="rich-text-editor__help">
          {help}
        </p>
      )}
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        aria-controls={id}
        className="rich-text-editor__toolbar"
        onKeyDown={onToolbarKey}
      >
        {formatButtons.map((button, index) => (
          <button
            key={button.name}
            {...toolbarButton(index)}
            aria-pressed={active.pressed[index]}
            aria-keyshortcuts={button.keys}
            onClick={() => button.apply(editor.chain().focus()).run()}
          >
            {button.label}
          </button>
        ))}
        <button
          {...toolbarButton(formatButtons.length)}
          aria-pressed={active.link}
          aria-keyshortcuts="Control+K"
          aria-expanded={linkIsOpen}
          onClick={() => (linkIsOpen ? closeLink() : setLinkField(linkFieldFor(editor.state)))}
        >
          Link
        </button>
      </div>
      {linkField && (
        <div role="group" aria-label="Link" className="rich-text-editor__link">
          <label htmlFor={linkInputId}>Link address</label>
          <input
            id={linkInputId}
            ref={linkInput}
            // Text, not type=url: the browser would block saving the form over a half-typed address.
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={linkField.typed}
            aria-invalid={linkField.problem !== '' || undefined}
            aria-describedby={linkField.problem ? linkProblemId : undefined}
            onChange={(event) => setLinkField({ typed: event.target.value, problem: '' })}
            onKeyDown={onLinkKey}
          />
          {linkField.problem && (
            <p id={linkProblemId} className="rich-text-editor__problem" role="alert">
              {linkField.problem}
            </p>
          )}
          <p className="rich-text-editor__link-buttons">
            <button type="button" className="button button--primary" onClick={applyLink}>
              Apply link
            </button>
            {active.link && (
              <button type="button" className="button" onClick={removeLink}>
                Remove link
              </button>
            )}
            <button type="button" className="button" onClick={closeLink}>
              Cancel
            </button>
          </p>
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
