import { createContext, useContext, type ReactNode } from 'react';
import {
  get,
  type FieldError,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/manage/shared/select-field';
import {
  PictureChooser,
  type ChosenPicture,
} from '@/manage/shared/picture-chooser/picture-chooser';
import { slideFileOf } from '@common/slides';
import { getAt, pathKey, type Json, type Path } from './content-paths';

/**
 * The site-content editor's fields, described as data (content-specs.ts) and drawn by one
 * component per kind. The values, the dirty state and the errors are the form kit's: one
 * react-hook-form form holds the whole content, each field reads its value at its path and writes
 * it back with setValue, and shows the error react-hook-form holds for that path (the server's
 * answer, mapped by useFormSubmit). Fields are controlled rather than registered: blocks and list
 * entries move, and a registered input would keep the value of the entry that was there before.
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
      type?: 'email' | 'tel';
    }
  /** A list of strings: paragraphs (a blank line between) or lines (one per line). */
  | { kind: 'texts'; key: string; label: string; split: 'paragraphs' | 'lines'; hint?: string }
  /** A file of the media folder that is not a picture (a video, captions, a download): by name. */
  | {
      kind: 'media';
      key: string;
      label: string;
      optional?: boolean;
      /** The kinds of file it takes, by extension (`pdf`). */
      extensions: readonly string[];
    }
  /**
   * A picture with its alt text (src/common/content.ts pictureSchema), placed with the picture
   * chooser: uploaded, or picked from the library or the site's pictures. Edits the object the
   * fields are of; `key` is its file's, where messages about the picture are found.
   */
  | { kind: 'picture'; key: 'file'; label: string }
  /** A picture file alone (a video's poster): placed with the chooser, no description asked. */
  | {
      kind: 'pictureFile';
      key: string;
      label: string;
      /** The file shown when none is set (the seed's logo.svg). */
      fallback?: string;
    }
  /** The record's slide pictures with the slider block's descriptions, placed with the chooser. */
  | { kind: 'slides'; key: 'altTexts'; label: string }
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

export type ContentValues = Record<string, Json>;
export type ContentForm = UseFormReturn<ContentValues>;

export interface EditorContext {
  form: ContentForm;
  mediaFiles: readonly string[];
  /** The client's slide folder and extension, for slides stored by name (src/common/slides.ts). */
  slideFolder: { workingFolder: string; pictureExtension: string };
}

export const Editor = createContext<EditorContext | null>(null);

export function useEditor() {
  const editor = useContext(Editor);
  if (!editor) throw new Error('A content field is drawn outside the content editor.');
  const { form } = editor;
  return {
    ...editor,
    valueAt: (path: Path): Json => getAt(form.getValues(), path),
    set: (path: Path, value: Json) =>
      form.setValue(pathKey(path), value, { shouldDirty: true, shouldTouch: true }),
    errorAt: (path: Path): string | undefined => {
      const error = get(form.formState.errors, pathKey(path)) as FieldError | undefined;
      return typeof error?.message === 'string' && error.message !== ''
        ? error.message
        : error?.root?.message;
    },
  };
}

/**
 * The registration FormField spreads on its control, for a controlled value: the ref puts the
 * form's value in the box whenever it differs (after a move, a reset or a restored draft), and
 * typing writes it back at once.
 */
function controlled(
  name: string,
  value: string,
  onValue: (text: string) => void,
): UseFormRegisterReturn {
  return {
    name,
    ref: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => {
      if (element && element.value !== value) element.value = value;
    },
    onChange: async (event: { target: { value: string } }) => onValue(event.target.value),
    onBlur: async () => {},
  };
}

const asError = (message: string | undefined): FieldError | undefined =>
  message === undefined ? undefined : { type: 'server', message };

function TextField({ spec, path }: { spec: Extract<FieldSpec, { kind: 'text' }>; path: Path }) {
  const { valueAt, set, errorAt } = useEditor();
  const value = valueAt(path);
  return (
    <FormField
      label={`${spec.label}${spec.optional ? ' (optional)' : ''}`}
      hint={spec.hint}
      type={spec.type ?? 'text'}
      multiline={spec.multiline}
      registration={controlled(pathKey(path), typeof value === 'string' ? value : '', (text) =>
        // An optional text left empty is left out: the rules take a missing one, not a blank.
        set(path, spec.optional && text === '' ? undefined : text),
      )}
      error={asError(errorAt(path))}
    />
  );
}

/** The first message for a list of strings: the list's own, or one of its entries'. */
function listMessage(errorAt: (path: Path) => string | undefined, path: Path, count: number) {
  const own = errorAt(path);
  if (own) return own;
  for (let index = 0; index < count; index++) {
    const message = errorAt([...path, index]);
    if (message) return `entry ${index + 1}: ${message}`;
  }
  return undefined;
}

function TextsField({ spec, path }: { spec: Extract<FieldSpec, { kind: 'texts' }>; path: Path }) {
  const { valueAt, set, errorAt } = useEditor();
  const separator = spec.split === 'paragraphs' ? '\n\n' : '\n';
  const value = valueAt(path);
  const items = Array.isArray(value) ? (value as string[]) : [];
  const hint =
    spec.hint ??
    (spec.split === 'paragraphs' ? 'Leave an empty line between paragraphs.' : 'One per line.');
  return (
    <FormField
      label={spec.label}
      hint={hint}
      multiline
      // Split exactly at the separator, so what is typed comes back as typed (an empty line at
      // the end included); blank entries are dropped when the content is sent (tidy).
      registration={controlled(pathKey(path), items.join(separator), (text) =>
        set(path, text.split(separator)),
      )}
      error={asError(listMessage(errorAt, path, items.length))}
    />
  );
}

function MediaField({ spec, path }: { spec: Extract<FieldSpec, { kind: 'media' }>; path: Path }) {
  const { valueAt, set, errorAt, mediaFiles } = useEditor();
  const value = valueAt(path);
  const current = typeof value === 'string' ? value : '';
  // Chosen from the media folder's files of its kind, never typed: a wrong name is a dead link.
  const offered = mediaFiles.filter((file) =>
    spec.extensions.some((extension) => file.endsWith(`.${extension}`)),
  );
  const files = offered.includes(current) || current === '' ? offered : [current, ...offered];
  return (
    <SelectField
      label={`${spec.label}${spec.optional ? ' (optional)' : ''}`}
      options={[
        { value: '', label: spec.optional ? 'None' : 'Choose a file' },
        ...files.map((file) => ({ value: file, label: file })),
      ]}
      registration={controlled(pathKey(path), current, (file) =>
        set(path, spec.optional && file === '' ? undefined : file),
      )}
      error={asError(errorAt(path))}
    />
  );
}

function ChooserMessages({ messages }: { messages: (string | undefined)[] }) {
  const shown = [...new Set(messages.filter((message): message is string => Boolean(message)))];
  return shown.map((message) => (
    <p key={message} className="form-field__error" role="alert">
      {message}
    </p>
  ));
}

function PictureField({
  spec,
  path,
}: {
  spec: Extract<FieldSpec, { kind: 'picture' }>;
  path: Path;
}) {
  const { valueAt, set, errorAt, mediaFiles } = useEditor();
  const picture = (valueAt(path) ?? {}) as Partial<ChosenPicture> & Record<string, Json>;
  return (
    <div className="content-editor__field" data-path={pathKey(path)}>
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
      <ChooserMessages
        messages={[errorAt(path), errorAt([...path, 'file']), errorAt([...path, 'alt'])]}
      />
    </div>
  );
}

function PictureFileField({
  spec,
  path,
}: {
  spec: Extract<FieldSpec, { kind: 'pictureFile' }>;
  path: Path;
}) {
  const { valueAt, set, errorAt, mediaFiles } = useEditor();
  const value = valueAt(path);
  const file = typeof value === 'string' && value !== '' ? value : (spec.fallback ?? '');
  return (
    <div className="content-editor__field" data-path={pathKey(path)}>
      <PictureChooser
        label={spec.label}
        value={{ file }}
        siteFiles={mediaFiles}
        describe={false}
        onChoose={({ file }) => set(path, file)}
      />
      <ChooserMessages messages={[errorAt(path)]} />
    </div>
  );
}

/**
 * The slides: the record's picturesForSlide (a name in the slide folder, or a file of the media
 * folder once chosen here) beside the slider block's altTexts, at `path`. One chooser per slide
 * sets both; slides are added, moved and removed together with their descriptions.
 */
function SlidesField({ spec, path }: { spec: Extract<FieldSpec, { kind: 'slides' }>; path: Path }) {
  const { form, valueAt, errorAt, mediaFiles, slideFolder } = useEditor();
  const names = (valueAt(['picturesForSlide']) ?? []) as string[];
  const alts = (valueAt(path) ?? []) as string[];
  const setBoth = (nextNames: string[], nextAlts: string[]) => {
    form.setValue('picturesForSlide', nextNames, { shouldDirty: true });
    form.setValue(pathKey(path), nextAlts, { shouldDirty: true });
  };
  const move = (from: number, to: number) => {
    const nextNames = [...names];
    const nextAlts = names.map((_, i) => alts[i] ?? '');
    nextNames.splice(to, 0, ...nextNames.splice(from, 1));
    nextAlts.splice(to, 0, ...nextAlts.splice(from, 1));
    setBoth(nextNames, nextAlts);
  };
  return (
    <fieldset className="content-editor__group">
      <legend>{spec.label}</legend>
      <ChooserMessages messages={[errorAt(['picturesForSlide']), errorAt(path)]} />
      {names.map((name, index) => {
        const label = `Slide ${index + 1}`;
        return (
          <fieldset
            key={index}
            className="content-editor__item"
            data-path={`picturesForSlide.${index}`}
          >
            <legend>{label}</legend>
            <span className="content-editor__item-buttons">
              <button
                type="button"
                className="button"
                disabled={index === 0}
                aria-label={`Move ${label.toLowerCase()} up`}
                onClick={() => move(index, index - 1)}
              >
                Up
              </button>
              <button
                type="button"
                className="button"
                disabled={index === names.length - 1}
                aria-label={`Move ${label.toLowerCase()} down`}
                onClick={() => move(index, index + 1)}
              >
                Down
              </button>
              <button
                type="button"
                className="button"
                aria-label={`Remove ${label.toLowerCase()}`}
                onClick={() =>
                  setBoth(
                    names.filter((_, i) => i !== index),
                    alts.filter((_, i) => i !== index),
                  )
                }
              >
                Remove
              </button>
            </span>
            <PictureChooser
              label="Picture"
              value={{ file: slideFileOf(slideFolder, name), alt: alts[index] ?? '' }}
              siteFiles={mediaFiles}
              onChoose={({ file, alt }) => {
                const nextAlts = names.map((_, i) => alts[i] ?? '');
                nextAlts[index] = alt;
                setBoth(
                  names.map((old, i) => (i === index ? file : old)),
                  nextAlts,
                );
              }}
            />
            <ChooserMessages
              messages={[errorAt(['picturesForSlide', index]), errorAt([...path, index])]}
            />
          </fieldset>
        );
      })}
      <AddSlide
        onChoose={({ file, alt }) =>
          setBoth([...names, file], [...names.map((_, i) => alts[i] ?? ''), alt])
        }
      />
    </fieldset>
  );
}

function AddSlide({ onChoose }: { onChoose: (picture: ChosenPicture) => void }) {
  const { mediaFiles } = useEditor();
  return <PictureChooser label="New slide" value={{}} siteFiles={mediaFiles} onChoose={onChoose} />;
}

function NumberField({ spec, path }: { spec: Extract<FieldSpec, { kind: 'number' }>; path: Path }) {
  const { valueAt, set, errorAt } = useEditor();
  const value = valueAt(path);
  return (
    <FormField
      label={`${spec.label}${spec.optional ? ' (optional)' : ''}`}
      hint={spec.hint}
      type="number"
      inputMode="numeric"
      registration={controlled(
        pathKey(path),
        typeof value === 'number' && !Number.isNaN(value) ? String(value) : '',
        (text) => {
          const number = text.trim() === '' ? Number.NaN : Number(text);
          // A required number left empty stays empty (sent as nothing): the server names the field.
          set(path, Number.isNaN(number) && spec.optional ? undefined : number);
        },
      )}
      error={asError(errorAt(path))}
    />
  );
}

function ChoiceField({ spec, path }: { spec: Extract<FieldSpec, { kind: 'choice' }>; path: Path }) {
  const { valueAt, set, errorAt } = useEditor();
  const value = valueAt(path);
  return (
    <SelectField
      label={spec.label}
      options={spec.options.map((option) => ({ value: option, label: option }))}
      registration={controlled(
        pathKey(path),
        typeof value === 'string' ? value : (spec.options[0] ?? ''),
        (option) => set(path, option),
      )}
      error={asError(errorAt(path))}
    />
  );
}

function FlagField({ spec, path }: { spec: Extract<FieldSpec, { kind: 'flag' }>; path: Path }) {
  const { valueAt, set } = useEditor();
  return (
    <p className="content-editor__field content-editor__flag">
      <label>
        <input
          type="checkbox"
          name={pathKey(path)}
          checked={valueAt(path) === true}
          onChange={(event) => set(path, event.target.checked)}
        />{' '}
        {spec.label}
      </label>
    </p>
  );
}

function GroupField({ spec, path }: { spec: Extract<FieldSpec, { kind: 'group' }>; path: Path }) {
  const { valueAt, set, errorAt } = useEditor();
  const value = valueAt(path);
  const present = value !== undefined && value !== null;
  const message = errorAt(path);
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
      {message && (
        <p className="form-field__error" role="alert">
          {message}
        </p>
      )}
      {present && <Fields fields={spec.fields} path={path} />}
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
  const { set } = useEditor();
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

function ListField({ spec, path }: { spec: Extract<FieldSpec, { kind: 'list' }>; path: Path }) {
  const { valueAt, set, errorAt } = useEditor();
  const value = valueAt(path);
  const list = Array.isArray(value) ? (value as Json[]) : [];
  const message = errorAt(path);
  return (
    <fieldset className="content-editor__group">
      <legend>{spec.label}</legend>
      {message && (
        <p className="form-field__error" role="alert">
          {message}
        </p>
      )}
      {list.map((_, index) => {
        const name = `${spec.itemLabel} ${index + 1}`;
        return (
          <fieldset key={index} className="content-editor__item">
            <legend>{name}</legend>
            <ItemButtons path={path} list={list} index={index} name={name} />
            <Fields fields={spec.fields} path={[...path, index]} />
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button"
        onClick={() => set(path, [...list, structuredClone(spec.newItem)])}
      >
        Add {spec.itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}

/** The fields of the object at `path`. */
export function Fields({ fields, path }: { fields: FieldSpec[]; path: Path }): ReactNode {
  return fields.map((spec) => {
    const at = [...path, spec.key];
    switch (spec.kind) {
      case 'text':
        return <TextField key={spec.key} spec={spec} path={at} />;
      case 'texts':
        return <TextsField key={spec.key} spec={spec} path={at} />;
      case 'media':
        return <MediaField key={spec.key} spec={spec} path={at} />;
      case 'picture':
        return <PictureField key={spec.key} spec={spec} path={path} />;
      case 'pictureFile':
        return <PictureFileField key={spec.key} spec={spec} path={at} />;
      case 'slides':
        return <SlidesField key={spec.key} spec={spec} path={at} />;
      case 'number':
        return <NumberField key={spec.key} spec={spec} path={at} />;
      case 'choice':
        return <ChoiceField key={spec.key} spec={spec} path={at} />;
      case 'flag':
        return <FlagField key={spec.key} spec={spec} path={at} />;
      case 'group':
        return <GroupField key={spec.key} spec={spec} path={at} />;
      case 'list':
        return <ListField key={spec.key} spec={spec} path={at} />;
      default:
        return null;
    }
  });
}
