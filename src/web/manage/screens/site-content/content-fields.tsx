import { createContext, useContext, useId, type ReactNode } from 'react';
import { getAt, pathKey, type Json, type Path } from './content-paths';
import {
  PictureChooser,
  type ChosenPicture,
} from '@/manage/shared/picture-chooser/picture-chooser';

/**
 * The site-content editor's fields, described as data: each block type and each part of the
 * record is a list of FieldSpecs, drawn by one component per kind. A field edits the value at
 * its path in the content and shows the message the shared zod rules gave for that path.
 */

export type { Json, Path } from './content-paths';

export type FieldSpec =
  | {
      kind: 'text';
      key: string;
      label: string;
      optional?: boolean;
      multiline?: boolean;
      hint?: string;
      type?: 'email' | 'tel' | 'url';
    }
  /** A list of strings: paragraphs (a blank line between) or lines (one per line). */
  | { kind: 'texts'; key: string; label: string; split: 'paragraphs' | 'lines'; hint?: string }
  /** A file in the client's media folder, chosen by name (typed, with the folder's files offered). */
  | { kind: 'media'; key: string; label: string; optional?: boolean }
  /**
   * A picture with its alt text (src/common/content.ts pictureSchema), placed with the picture
   * chooser: uploaded, or picked from the library or the site's pictures. Edits the object the
   * fields are of; `key` is its file's, where messages about the picture are found.
   */
  | { kind: 'picture'; key: 'file'; label: string }
  | { kind: 'number'; key: string; label: string; optional?: boolean; hint?: string }
  | { kind: 'choice'; key: string; label: string; options: readonly string[] }
  | { kind: 'flag'; key: string; label: string }
  /** An object inside the value; an optional one is switched on and off with a checkbox. */
  | { kind: 'group'; key: string; label: string; fields: FieldSpec[]; optional?: Json }
  /** A list of objects, each edited with `fields`; items are added, removed and moved. */
  | {
      kind: 'list';
      key: string;
      label: string;
      itemLabel: string;
      fields: FieldSpec[];
      newItem: Json;
    };

export interface EditorContext {
  /** Messages by path (`home.2.picture.alt`), from the last check. */
  issues: ReadonlyMap<string, string>;
  mediaFiles: readonly string[];
  mediaListId: string;
  set: (path: Path, value: Json) => void;
}

export const Editor = createContext<EditorContext>({
  issues: new Map(),
  mediaFiles: [],
  mediaListId: '',
  set: () => {},
});

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="content-editor__error">
      {message}
    </span>
  );
}

function useFieldIds(path: Path) {
  const { issues } = useContext(Editor);
  const id = useId();
  const message = issues.get(pathKey(path));
  return { id, errorId: `${id}-error`, hintId: `${id}-hint`, message };
}

function describedBy(
  hint: string | undefined,
  message: string | undefined,
  ids: { hintId: string; errorId: string },
) {
  return (
    [hint ? ids.hintId : '', message ? ids.errorId : ''].filter(Boolean).join(' ') || undefined
  );
}

function TextField({
  spec,
  path,
  value,
}: {
  spec: Extract<FieldSpec, { kind: 'text' }>;
  path: Path;
  value: Json;
}) {
  const { set } = useContext(Editor);
  const ids = useFieldIds(path);
  const text = typeof value === 'string' ? value : '';
  const props = {
    id: ids.id,
    value: text,
    'aria-invalid': ids.message ? true : undefined,
    'aria-describedby': describedBy(spec.hint, ids.message, ids),
    onChange: (event: { target: { value: string } }) =>
      set(path, spec.optional && event.target.value === '' ? undefined : event.target.value),
  };
  return (
    <p className="content-editor__field">
      <label htmlFor={ids.id}>
        {spec.label}
        {spec.optional ? ' (optional)' : ''}
      </label>
      {spec.hint && (
        <span id={ids.hintId} className="content-editor__hint">
          {spec.hint}
        </span>
      )}
      {spec.multiline ? (
        <textarea rows={4} {...props} />
      ) : (
        <input type={spec.type ?? 'text'} {...props} />
      )}
      <FieldMessage id={ids.errorId} message={ids.message} />
    </p>
  );
}

/** The first message for a list of strings: the list's own, or one of its entries'. */
function listMessage(issues: ReadonlyMap<string, string>, path: Path): string | undefined {
  const key = pathKey(path);
  const own = issues.get(key);
  if (own) return own;
  for (const [at, message] of issues) {
    const rest = at.slice(key.length + 1);
    if (at.startsWith(`${key}.`) && /^\d+$/.test(rest)) {
      return `entry ${Number(rest) + 1}: ${message}`;
    }
  }
  return undefined;
}

function TextsField({
  spec,
  path,
  value,
}: {
  spec: Extract<FieldSpec, { kind: 'texts' }>;
  path: Path;
  value: Json;
}) {
  const { set, issues } = useContext(Editor);
  const ids = useFieldIds(path);
  const message = listMessage(issues, path);
  const separator = spec.split === 'paragraphs' ? '\n\n' : '\n';
  const items = Array.isArray(value) ? (value as string[]) : [];
  const hint =
    spec.hint ??
    (spec.split === 'paragraphs' ? 'Leave an empty line between paragraphs.' : 'One per line.');
  return (
    <p className="content-editor__field">
      <label htmlFor={ids.id}>{spec.label}</label>
      <span id={ids.hintId} className="content-editor__hint">
        {hint}
      </span>
      <textarea
        id={ids.id}
        rows={spec.split === 'paragraphs' ? 6 : 4}
        value={items.join(separator)}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(hint, message, ids)}
        // Split exactly at the separator, so what is typed comes back as typed (an empty line at
        // the end included); blank entries are dropped when the content is checked (tidy).
        onChange={(event) => set(path, event.target.value.split(separator))}
      />
      <FieldMessage id={ids.errorId} message={message} />
    </p>
  );
}

function MediaField({
  spec,
  path,
  value,
}: {
  spec: Extract<FieldSpec, { kind: 'media' }>;
  path: Path;
  value: Json;
}) {
  const { set, mediaListId } = useContext(Editor);
  const ids = useFieldIds(path);
  const hint = 'A picture in your media folder, like gallery/1.jpeg: start typing to choose one.';
  return (
    <p className="content-editor__field">
      <label htmlFor={ids.id}>
        {spec.label}
        {spec.optional ? ' (optional)' : ''}
      </label>
      <span id={ids.hintId} className="content-editor__hint">
        {hint}
      </span>
      <input
        id={ids.id}
        list={mediaListId}
        value={typeof value === 'string' ? value : ''}
        autoComplete="off"
        aria-invalid={ids.message ? true : undefined}
        aria-describedby={describedBy(hint, ids.message, ids)}
        onChange={(event) =>
          set(path, spec.optional && event.target.value === '' ? undefined : event.target.value)
        }
      />
      <FieldMessage id={ids.errorId} message={ids.message} />
    </p>
  );
}

function PictureField({
  spec,
  path,
  value,
}: {
  spec: Extract<FieldSpec, { kind: 'picture' }>;
  path: Path;
  value: Json;
}) {
  const { set, issues, mediaFiles } = useContext(Editor);
  const picture = (value ?? {}) as Partial<ChosenPicture> & Record<string, Json>;
  const messages = (['file', 'alt'] as const)
    .map((key) => issues.get(pathKey([...path, key])))
    .filter(Boolean);
  return (
    <div className="content-editor__field">
      <PictureChooser
        label={spec.label}
        value={picture}
        siteFiles={mediaFiles}
        onChoose={({ file, alt, width, height }) => {
          const { width: _w, height: _h, ...rest } = picture;
          // A drawn picture has no stored size of its own: the block's is used (content.ts).
          set(path, { ...rest, file, alt, ...(width && height ? { width, height } : {}) });
        }}
      />
      {messages.map((message) => (
        <span key={message} className="content-editor__error">
          {message}
        </span>
      ))}
    </div>
  );
}

function NumberField({
  spec,
  path,
  value,
}: {
  spec: Extract<FieldSpec, { kind: 'number' }>;
  path: Path;
  value: Json;
}) {
  const { set } = useContext(Editor);
  const ids = useFieldIds(path);
  return (
    <p className="content-editor__field">
      <label htmlFor={ids.id}>
        {spec.label}
        {spec.optional ? ' (optional)' : ''}
      </label>
      {spec.hint && (
        <span id={ids.hintId} className="content-editor__hint">
          {spec.hint}
        </span>
      )}
      <input
        id={ids.id}
        type="number"
        inputMode="numeric"
        value={typeof value === 'number' ? value : ''}
        aria-invalid={ids.message ? true : undefined}
        aria-describedby={describedBy(spec.hint, ids.message, ids)}
        onChange={(event) => {
          const number = event.target.valueAsNumber;
          set(path, Number.isNaN(number) ? (spec.optional ? undefined : 0) : number);
        }}
      />
      <FieldMessage id={ids.errorId} message={ids.message} />
    </p>
  );
}

function ChoiceField({
  spec,
  path,
  value,
}: {
  spec: Extract<FieldSpec, { kind: 'choice' }>;
  path: Path;
  value: Json;
}) {
  const { set } = useContext(Editor);
  const ids = useFieldIds(path);
  return (
    <p className="content-editor__field">
      <label htmlFor={ids.id}>{spec.label}</label>
      <select
        id={ids.id}
        value={typeof value === 'string' ? value : spec.options[0]}
        aria-invalid={ids.message ? true : undefined}
        aria-describedby={describedBy(undefined, ids.message, ids)}
        onChange={(event) => set(path, event.target.value)}
      >
        {spec.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldMessage id={ids.errorId} message={ids.message} />
    </p>
  );
}

function FlagField({
  spec,
  path,
  value,
}: {
  spec: Extract<FieldSpec, { kind: 'flag' }>;
  path: Path;
  value: Json;
}) {
  const { set } = useContext(Editor);
  return (
    <p className="content-editor__field content-editor__flag">
      <label>
        <input
          type="checkbox"
          checked={value === true}
          onChange={(e) => set(path, e.target.checked)}
        />{' '}
        {spec.label}
      </label>
    </p>
  );
}

function GroupField({
  spec,
  path,
  value,
}: {
  spec: Extract<FieldSpec, { kind: 'group' }>;
  path: Path;
  value: Json;
}) {
  const { set, issues } = useContext(Editor);
  const present = value !== undefined && value !== null;
  const message = issues.get(pathKey(path));
  return (
    <fieldset className="content-editor__group">
      <legend>{spec.label}</legend>
      {spec.optional !== undefined && (
        <p className="content-editor__flag">
          <label>
            <input
              type="checkbox"
              checked={present}
              onChange={(event) => set(path, event.target.checked ? spec.optional : undefined)}
            />{' '}
            Include {spec.label.toLowerCase()}
          </label>
        </p>
      )}
      {message && <p className="content-editor__error">{message}</p>}
      {present && <Fields fields={spec.fields} path={path} value={value} />}
    </fieldset>
  );
}

/** Buttons that move or remove item `index` of the list at `path`. */
export function ItemButtons({
  path,
  list,
  index,
  name,
}: {
  path: Path;
  list: Json[];
  index: number;
  name: string;
}) {
  const { set } = useContext(Editor);
  const move = (to: number) => {
    const next = [...list];
    const [item] = next.splice(index, 1);
    next.splice(to, 0, item);
    set(path, next);
  };
  return (
    <span className="content-editor__item-buttons">
      <button
        type="button"
        className="button"
        disabled={index === 0}
        aria-label={`Move ${name} up`}
        onClick={() => move(index - 1)}
      >
        Up
      </button>
      <button
        type="button"
        className="button"
        disabled={index === list.length - 1}
        aria-label={`Move ${name} down`}
        onClick={() => move(index + 1)}
      >
        Down
      </button>
      <button
        type="button"
        className="button"
        aria-label={`Remove ${name}`}
        onClick={() =>
          set(
            path,
            list.filter((_, i) => i !== index),
          )
        }
      >
        Remove
      </button>
    </span>
  );
}

function ListField({
  spec,
  path,
  value,
}: {
  spec: Extract<FieldSpec, { kind: 'list' }>;
  path: Path;
  value: Json;
}) {
  const { set, issues } = useContext(Editor);
  const list = Array.isArray(value) ? (value as Json[]) : [];
  const message = issues.get(pathKey(path));
  return (
    <fieldset className="content-editor__group">
      <legend>{spec.label}</legend>
      {message && <p className="content-editor__error">{message}</p>}
      {list.map((item, index) => {
        const name = `${spec.itemLabel} ${index + 1}`;
        return (
          <fieldset key={index} className="content-editor__item">
            <legend>{name}</legend>
            <ItemButtons path={path} list={list} index={index} name={name} />
            <Fields fields={spec.fields} path={[...path, index]} value={item} />
          </fieldset>
        );
      })}
      <button type="button" className="button" onClick={() => set(path, [...list, spec.newItem])}>
        Add {spec.itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}

/** The fields of one object at `path`. */
export function Fields({
  fields,
  path,
  value,
}: {
  fields: FieldSpec[];
  path: Path;
  value: Json;
}): ReactNode {
  return fields.map((spec) => {
    const at = [...path, spec.key];
    const inner = getAt(value, [spec.key]);
    switch (spec.kind) {
      case 'text':
        return <TextField key={spec.key} spec={spec} path={at} value={inner} />;
      case 'texts':
        return <TextsField key={spec.key} spec={spec} path={at} value={inner} />;
      case 'media':
        return <MediaField key={spec.key} spec={spec} path={at} value={inner} />;
      case 'picture':
        return <PictureField key={spec.key} spec={spec} path={path} value={value} />;
      case 'number':
        return <NumberField key={spec.key} spec={spec} path={at} value={inner} />;
      case 'choice':
        return <ChoiceField key={spec.key} spec={spec} path={at} value={inner} />;
      case 'flag':
        return <FlagField key={spec.key} spec={spec} path={at} value={inner} />;
      case 'group':
        return <GroupField key={spec.key} spec={spec} path={at} value={inner} />;
      case 'list':
        return <ListField key={spec.key} spec={spec} path={at} value={inner} />;
      default:
        return null;
    }
  });
}
