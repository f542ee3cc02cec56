import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import type { LibraryPicture } from '@common/picture-library';
import { FormField } from '@/components/form-field';
import { ResponsivePicture } from '@/components/responsive-picture';
import { useClient } from '@/lib/client-context';
import { mediaUrl } from '@/lib/media';
import { deleteFromLibrary, fetchLibrary, libraryQueryKey, uploadToLibrary } from './library-api';
import { PictureFileInput, UploadList } from './upload-list';
import { useUploadQueue } from './use-upload-queue';

/** What the chooser places: a file of the media folder, its alt text, a library upload's size. */
export interface ChosenPicture {
  file: string;
  alt: string;
  width?: number | undefined;
  height?: number | undefined;
}

type Choice = { file: string; width?: number; height?: number };

/** The longest alt text, as for product pictures: a sentence is enough. */
const maxAltLength = 200;

function altProblemOf(alt: string): string | undefined {
  if (alt === '') return 'Describe the picture: screen readers say this instead of showing it.';
  if (alt.length > maxAltLength) {
    return `Keep it under ${maxAltLength} characters: a sentence is enough.`;
  }
  return undefined;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The picture chooser of the back office: a button showing the picture placed now, and a dialog
 * to upload photos (several at once, each with its progress, queued), pick one from the client's
 * library or from the pictures already on the site, describe it (alt text, required) and place
 * it. Unused uploads can be deleted from it (the server refuses one in use).
 */
export function PictureChooser({
  label,
  value,
  siteFiles,
  describe = true,
  onChoose,
  emptyNote = 'No picture chosen yet.',
}: {
  /** What the picture is for, e.g. "Picture 2 of block 3": names the button. */
  label: string;
  /** What the line beside the button says while no picture is placed. */
  emptyNote?: string;
  value: Partial<ChosenPicture>;
  /** The pictures of the client's media folder (the drawn ones), by file name. */
  siteFiles: readonly string[];
  /** False where the picture's words are elsewhere (a video's poster: its title): no alt asked. */
  describe?: boolean;
  onChoose: (picture: ChosenPicture) => void;
}) {
  const client = useClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const currentId = useId();
  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  const close = () => {
    dialog.current?.close();
  };
  return (
    <div className="picture-chooser">
      <p id={currentId} className="picture-chooser__current">
        {value.file ? (
          <img
            src={mediaUrl(client, value.file)}
            alt=""
            width={96}
            height={72}
            loading="lazy"
            className="picture-chooser__thumb"
          />
        ) : null}
        <span>
          {value.file ? `Shows: ${value.alt?.trim() ? value.alt : value.file}` : emptyNote}
        </span>
      </p>
      <button
        type="button"
        className="button"
        aria-haspopup="dialog"
        aria-describedby={currentId}
        onClick={show}
      >
        {value.file ? 'Change' : 'Choose'} {label.toLowerCase()}
      </button>
      <dialog
        ref={dialog}
        className="picture-chooser__dialog"
        aria-labelledby={`${currentId}-title`}
        onClose={() => setOpen(false)}
      >
        {open && (
          <ChooserDialog
            titleId={`${currentId}-title`}
            label={label}
            value={value}
            siteFiles={siteFiles}
            describe={describe}
            onCancel={close}
            onChoose={(picture) => {
              onChoose(picture);
              close();
            }}
          />
        )}
      </dialog>
    </div>
  );
}

function ChooserDialog({
  titleId,
  label,
  value,
  siteFiles,
  describe,
  onCancel,
  onChoose,
}: {
  titleId: string;
  label: string;
  value: Partial<ChosenPicture>;
  siteFiles: readonly string[];
  describe: boolean;
  onCancel: () => void;
  onChoose: (picture: ChosenPicture) => void;
}) {
  const client = useClient();
  const queries = useQueryClient();
  const groupName = useId();
  // Asked again at each opening: which pictures are in use changes as content is saved.
  const library = useQuery({
    queryKey: libraryQueryKey,
    queryFn: fetchLibrary,
    refetchOnMount: 'always',
  });
  const [choice, setChoice] = useState<Choice | undefined>(
    value.file
      ? ({ file: value.file, width: value.width, height: value.height } as Choice)
      : undefined,
  );
  const [choiceMissing, setChoiceMissing] = useState(false);
  const [status, setStatus] = useState('');

  const upload = useCallback(
    async (file: File, onProgress: (sent: number) => void) => {
      const picture = await uploadToLibrary(file, onProgress);
      queries.setQueryData<LibraryPicture[]>(libraryQueryKey, (list) => [picture, ...(list ?? [])]);
      // The first upload is chosen for the owner; another is one tap away.
      setChoice(
        (now) => now ?? { file: picture.file, width: picture.width, height: picture.height },
      );
    },
    [queries],
  );
  const uploads = useUploadQueue(upload);
  const remove = useMutation({
    mutationFn: deleteFromLibrary,
    onSuccess: async (_, picture) => {
      setStatus('The picture was deleted from your library.');
      if (choice?.file === picture.file) setChoice(undefined);
      await queries.invalidateQueries({ queryKey: libraryQueryKey });
    },
    onError: (error) => setStatus(error.message),
  });

  // The form kit's field, without react-hook-form and zod: one field does not need them, and
  // the site-content screen's chunk would grow by 13 KB (its budget is 30 KB).
  const altInput = useRef<HTMLInputElement | null>(null);
  const [altProblem, setAltProblem] = useState<string | undefined>();
  const place = () => {
    const alt = describe ? (altInput.current?.value.trim() ?? '') : '';
    const problem = describe ? altProblemOf(alt) : undefined;
    setAltProblem(problem);
    if (problem) {
      altInput.current?.focus();
      return;
    }
    if (!choice) {
      setChoiceMissing(true);
      return;
    }
    onChoose({ ...choice, alt });
  };

  const pick = (next: Choice) => {
    setChoice(next);
    setChoiceMissing(false);
  };
  const pictures = library.data ?? [];
  // The media folder's own pictures, not the sizes stored beside them (`1-320.jpeg`), nor
  // uploads, nor its other files (videos, downloads).
  const drawn = siteFiles.filter(
    (file) =>
      !file.startsWith('library/') &&
      !/-\d+\.[a-z]+$/.test(file) &&
      /\.(?:jpe?g|png|webp|svg)$/.test(file),
  );

  return (
    <div className="picture-chooser__body">
      <h2 id={titleId}>{label}: choose a picture</h2>
      <PictureFileInput label="Upload photos" onFiles={uploads.add} />
      <UploadList uploads={uploads} />

      <fieldset className="picture-chooser__choices">
        <legend>Your uploaded pictures</legend>
        {library.isPending && <p>Loading your pictures…</p>}
        {library.isError && <p role="alert">{library.error.message}</p>}
        {library.isSuccess && pictures.length === 0 && (
          <p>None yet: upload a photo above and it appears here.</p>
        )}
        <ul className="picture-chooser__grid">
          {pictures.map((picture, index) => {
            const name = `Uploaded picture ${index + 1}, ${when(picture.uploadedAt)}`;
            return (
              <li key={picture.path}>
                <label className="picture-chooser__choice">
                  <input
                    type="radio"
                    name={groupName}
                    checked={choice?.file === picture.file}
                    onChange={() =>
                      pick({ file: picture.file, width: picture.width, height: picture.height })
                    }
                  />
                  <ResponsivePicture set={picture} alt="" sizes="8rem" loading="lazy" />
                  <span>{name}</span>
                </label>
                {picture.inUse ? (
                  <span className="picture-chooser__hint">In use on the site</span>
                ) : (
                  <button
                    type="button"
                    className="button"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(picture)}
                    // Starts with the visible word (WCAG 2.5.3), then says which picture.
                    aria-label={`Delete ${name.charAt(0).toLowerCase()}${name.slice(1)}`}
                  >
                    Delete
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {drawn.length > 0 && (
          <details>
            <summary>Pictures already on the site ({drawn.length})</summary>
            <ul className="picture-chooser__grid">
              {drawn.map((file) => (
                <li key={file}>
                  <label className="picture-chooser__choice">
                    <input
                      type="radio"
                      name={groupName}
                      checked={choice?.file === file}
                      onChange={() => pick({ file })}
                    />
                    <img src={mediaUrl(client, file)} alt="" loading="lazy" />
                    <span>{file}</span>
                  </label>
                </li>
              ))}
            </ul>
          </details>
        )}
      </fieldset>
      {choiceMissing && (
        <p role="alert" className="picture-chooser__error">
          Choose a picture above, or upload one.
        </p>
      )}
      {describe && (
        <FormField
          label="Describe the picture for people who cannot see it"
          hint="For example: “Two guests in the hot tub at dusk”."
          required
          registration={{
            name: 'alt',
            ref: (input: HTMLInputElement | null) => {
              altInput.current = input;
              // Filled once: an inline ref is called again on every render.
              if (input && !input.dataset.filled) {
                input.dataset.filled = 'yes';
                input.value = value.alt ?? '';
              }
            },
            onChange: async () => {},
            onBlur: async () => {},
          }}
          error={altProblem === undefined ? undefined : { type: 'validate', message: altProblem }}
        />
      )}
      <p className="picture-chooser__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={uploads.busy && !choice}
          onClick={place}
        >
          Use this picture
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </p>
      <p role="status">{status}</p>
    </div>
  );
}
