import { useId, type ChangeEvent } from 'react';
import { describeUpload, type QueuedUpload } from './upload-queue';
import type { useUploadQueue } from './use-upload-queue';

/**
 * The file input of every picture upload: several at once, from a phone's camera or its photo
 * library. No `capture` attribute: with it a phone opens only its camera (0032-uploaded-pictures.md).
 */
export function PictureFileInput({
  label,
  hint = 'JPEG, PNG, WebP or AVIF, up to 10 MB each. Choose several at once if you like.',
  onFiles,
  disabled,
  multiple = true,
}: {
  label: string;
  hint?: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so the same photo can be picked again after a failure.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <p className="picture-chooser__input">
      <label htmlFor={id}>{label}</label>
      <span id={`${id}-hint`} className="picture-chooser__hint">
        {hint}
      </span>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={choose}
      />
    </p>
  );
}

/** Each file of the queue with how far it got; a failed one can be tried again or dropped. */
export function UploadList({
  uploads,
}: {
  uploads: Pick<ReturnType<typeof useUploadQueue>, 'queue' | 'retry' | 'forget'>;
}) {
  if (uploads.queue.length === 0) return null;
  return (
    <ul className="picture-chooser__uploads" aria-label="Uploads">
      {uploads.queue.map((item: QueuedUpload) => (
        <li
          key={item.id}
          className={`picture-chooser__upload picture-chooser__upload--${item.state}`}
        >
          <span className="picture-chooser__upload-name">{item.name}</span>
          <progress
            max={100}
            value={Math.round(item.sent * 100)}
            aria-label={`Upload of ${item.name}`}
          />
          <span role={item.state === 'failed' ? 'alert' : undefined}>{describeUpload(item)}</span>
          {item.state === 'failed' && (
            <span className="picture-chooser__buttons">
              <button type="button" className="button" onClick={() => uploads.retry(item.id)}>
                Try {item.name} again
              </button>
              <button type="button" className="button" onClick={() => uploads.forget(item.id)}>
                Drop {item.name}
              </button>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
