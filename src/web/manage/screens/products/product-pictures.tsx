import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  productPicturesFieldsSchema,
  type ManagedProduct,
  type ProductPicturesFields,
} from '@common/manage-products';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { ResponsivePicture } from '@/components/responsive-picture';
import { useFormSubmit } from '@/lib/form-kit';
import {
  PictureChooser,
  type ChosenPicture,
} from '@/manage/shared/picture-chooser/picture-chooser';
import { PictureFileInput, UploadList } from '@/manage/shared/picture-chooser/upload-list';
import { useUploadQueue } from '@/manage/shared/picture-chooser/use-upload-queue';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { libraryNameOfFile } from './product-form-values';
import {
  addLibraryPicture,
  addPicture,
  productsQueryKey,
  savePictures,
  uploadPicture,
} from './products-api';

interface DraftPicture {
  path: string;
  alt: string;
}

const draftOf = (product: ManagedProduct): DraftPicture[] =>
  product.pictures.map(({ path, alt }) => ({ path, alt }));

const sameDraft = (a: DraftPicture[], b: DraftPicture[]) =>
  a.length === b.length && a.every((p, i) => p.path === b[i]?.path && p.alt === b[i]?.alt);

/**
 * A product's pictures: add one (from a phone's camera or its photos, or one already in the
 * owner's library), then order them, describe them for screen readers and remove them, saved
 * together (version-checked). The first is the cover the site's lists show. `onChanged` hears of
 * each new version the owner's own change made (the product form's edit moves on with it).
 *
 * The order and the descriptions are a form of the one form kit, as the product form beside it:
 * react-hook-form with the shared productPicturesFieldsSchema, each description's problem beside
 * its box (the server's `pictures.<n>.alt` issues too), the summary, the submit state and the
 * toasts; what the owner typed stays when a save is refused. Rows are keyed by place, so each
 * box keeps its field name (`pictures.<n>.alt`) while pictures move through the places.
 */
export function ProductPictures({
  product,
  onChanged,
}: {
  product: ManagedProduct;
  onChanged: (changed: ManagedProduct) => void;
}) {
  const queries = useQueryClient();
  const form = useForm<ProductPicturesFields>({
    resolver: zodResolver(productPicturesFieldsSchema),
    mode: 'onSubmit',
    defaultValues: { pictures: draftOf(product) },
  });
  // eslint-disable-next-line react-hooks/incompatible-library -- watch: as products-page.tsx says
  const draft = form.watch('pictures');
  const [base, setBase] = useState(() => draftOf(product));
  const [status, setStatus] = useState('');
  const rows = useRef(new Map<string, HTMLLIElement>());
  // New pictures (an upload, a save, someone else's change) start the draft again from them; a
  // new version for the words alone (the product form saved) leaves the owner's changes here.
  if (!sameDraft(base, draftOf(product))) setBase(draftOf(product));
  useEffect(() => {
    if (!sameDraft(form.getValues('pictures'), base)) form.reset({ pictures: base });
  }, [base, form]);
  const dirty = !sameDraft(draft, draftOf(product));
  useUnsavedChanges(dirty);
  const byPath = new Map(product.pictures.map((p) => [p.path, p]));
  const show = (updated: ManagedProduct) => {
    queries.setQueryData<ManagedProduct[]>(productsQueryKey, (list) =>
      list?.map((p) => (p.id === updated.id ? updated : p)),
    );
    onChanged(updated);
  };

  const { submit, failure } = useFormSubmit(form, {
    send: async ({ pictures }) => {
      setStatus('');
      show(await savePictures(product.id, pictures, product.version));
      setStatus('Pictures saved. The site shows them now.');
    },
    savedText: 'Pictures saved.',
    failedText: 'The pictures could not be saved. Please try again.',
  });
  const saving = form.formState.isSubmitting;
  const fromLibrary = useMutation({
    mutationFn: (picture: ChosenPicture) =>
      addLibraryPicture(product.id, {
        name: libraryNameOfFile(picture.file),
        alt: picture.alt,
        version: product.version,
      }),
    onSuccess: (updated) => {
      show(updated);
      setStatus('Picture added from your library. The site shows it now.');
    },
  });
  // Uploads go one at a time: each is added to the product's newest version, so a photo picked
  // while another uploads waits its turn instead of being refused as someone else's change.
  const uploadOne = useCallback(
    async (file: File, onProgress: (sent: number) => void, first: boolean) => {
      const updated = await (first ? uploadPicture : addPicture)(product.id, file, onProgress);
      queries.setQueryData<ManagedProduct[]>(productsQueryKey, (list) =>
        list?.map((p) => (p.id === updated.id ? updated : p)),
      );
      onChanged(updated);
      setStatus(`Picture uploaded: ${file.name}.`);
    },
    [product.id, queries, onChanged],
  );
  const coverFiles = useRef(new WeakSet<File>());
  const uploads = useUploadQueue(
    useCallback(
      (file: File, sent: (s: number) => void) =>
        uploadOne(file, sent, coverFiles.current.has(file)),
      [uploadOne],
    ),
  );
  const uploading = uploads.busy;

  /** The pictures in a new order (or fewer): each box shows its picture's description. */
  const putInOrder = (next: DraftPicture[]) => {
    form.clearErrors('pictures');
    form.setValue('pictures', next, { shouldDirty: true });
  };
  const move = (index: number, step: -1 | 1, action: 'earlier' | 'later') => {
    const next = [...form.getValues('pictures')];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + step, 0, moved);
    putInOrder(next);
    setStatus(`Picture moved to place ${index + step + 1} of ${next.length}. Save to keep it.`);
    // Keep focus on the moved picture's button (or its other one at the end of the list).
    requestAnimationFrame(() => {
      const row = rows.current.get(moved.path);
      const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
      const other = row?.querySelector<HTMLButtonElement>(
        `[data-action="${action === 'earlier' ? 'later' : 'earlier'}"]`,
      );
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    });
  };
  const remove = (index: number) => {
    putInOrder(form.getValues('pictures').filter((_, i) => i !== index));
    setStatus(`Picture ${index + 1} removed. Save to keep the change, or discard it.`);
  };
  const errors = form.formState.errors;

  return (
    <fieldset className="product-pictures">
      <legend>Pictures of {product.title}</legend>
      {draft.length === 0 ? (
        <p>No pictures yet: add one before showing this product on the site.</p>
      ) : (
        <ol className="product-pictures__list">
          {draft.map((picture, index) => {
            const set = byPath.get(picture.path);
            return (
              <li
                // By place: the box of place n is the field pictures.n.alt (see above).
                key={index}
                ref={(row) => {
                  if (row) rows.current.set(picture.path, row);
                  else rows.current.delete(picture.path);
                }}
              >
                {set && <ResponsivePicture set={set} alt="" sizes="8rem" />}
                <div className="product-pictures__fields">
                  <p className="product-pictures__place">
                    Picture {index + 1} of {draft.length}
                    {index === 0 && ' (the cover)'}
                  </p>
                  <FormField
                    label="Describe it for people who cannot see it"
                    placeholder={`${product.title}, picture ${index + 1} of ${draft.length}`}
                    registration={form.register(`pictures.${index}.alt`)}
                    error={errors.pictures?.[index]?.alt}
                  />
                </div>
                <p className="product-pictures__buttons product-pictures__row-buttons">
                  <button
                    type="button"
                    className="button"
                    data-action="earlier"
                    disabled={index === 0}
                    onClick={() => move(index, -1, 'earlier')}
                    // Starts with the visible word (WCAG 2.5.3), then says which picture.
                    aria-label={`Earlier, picture ${index + 1}`}
                  >
                    Earlier
                  </button>
                  <button
                    type="button"
                    className="button"
                    data-action="later"
                    disabled={index === draft.length - 1}
                    onClick={() => move(index, 1, 'later')}
                    aria-label={`Later, picture ${index + 1}`}
                  >
                    Later
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={draft.length === 1}
                    onClick={() => remove(index)}
                    aria-label={`Remove, picture ${index + 1}`}
                  >
                    Remove
                  </button>
                </p>
              </li>
            );
          })}
        </ol>
      )}
      <FormErrorSummary
        form={form}
        failure={failure}
        busy={saving}
        labels={Object.fromEntries(
          draft.map((_, index) => [`pictures.${index}.alt`, `Picture ${index + 1}`]),
        )}
      />
      <p className="product-pictures__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={!dirty || saving || uploading}
          onClick={() => void submit()}
        >
          {saving ? 'Saving…' : `Save pictures of ${product.title}`}
        </button>
        <button
          type="button"
          className="button"
          disabled={!dirty}
          onClick={() => {
            form.reset({ pictures: draftOf(product) });
            setStatus('Picture changes discarded.');
          }}
        >
          Discard picture changes
        </button>
      </p>
      {dirty && <p>Save or discard the picture changes before adding another picture.</p>}
      <PictureFileInput
        label="New cover picture"
        hint="JPEG, PNG, WebP or AVIF, up to 10 MB. It goes first; the others stay after it."
        disabled={dirty}
        multiple={false}
        onFiles={(files) => {
          for (const file of files) coverFiles.current.add(file);
          uploads.add(files);
        }}
      />
      <PictureFileInput
        label="Add pictures after the others"
        disabled={dirty}
        onFiles={uploads.add}
      />
      {!dirty && (
        <PictureChooser
          label="A picture from your library"
          emptyNote="A picture you uploaded before, here or for your pages, goes after the others."
          value={{}}
          siteFiles={[]}
          onChoose={(picture) => {
            setStatus('');
            fromLibrary.mutate(picture);
          }}
        />
      )}
      <UploadList uploads={uploads} />
      <p role="status">{saving || fromLibrary.isPending ? 'Saving…' : status}</p>
      {fromLibrary.error && <p role="alert">{fromLibrary.error.message}</p>}
    </fieldset>
  );
}
