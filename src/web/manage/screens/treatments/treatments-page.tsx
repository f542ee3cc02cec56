import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  categoryInputSchema,
  treatmentInputSchema,
  type CategoryInput,
  type ManageMenu,
  type ManageTreatment,
  type TreatmentInput,
} from '@common/diary';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { DraftNotice } from '@/manage/shared/draft-notice';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { useFormDraft } from '@/manage/shared/use-form-draft';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { changeMenu, fetchMenu, menuQueryKey } from './treatments-api';

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** The ids of a list with the item at `index` moved one place up (-1) or down (+1). */
function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}

function useMenuChange() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (change: { method: 'POST' | 'PUT'; path: string; body: unknown }) =>
      changeMenu(change.method, change.path, change.body),
    onSuccess: (menu) => queries.setQueryData(menuQueryKey, menu),
  });
}

const treatmentLabels: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  price: 'Price (£)',
  duration: 'Duration (minutes)',
  patchTestHours: 'Patch test needed (hours before)',
};

type TreatmentFormValues = z.input<typeof treatmentInputSchema>;

function isTreatmentValues(value: unknown): value is TreatmentFormValues {
  const v = value as Partial<TreatmentFormValues> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string';
}

/** An empty hours box means no patch test is needed. */
const hoursOrNone = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** An empty box is no number: the shared schema then asks for one, rather than taking 0. */
const numberOrNothing = (value: unknown) =>
  value === '' || value === null || value === undefined ? Number.NaN : Number(value);

function TreatmentForm({
  categoryId,
  treatment,
  onDone,
}: {
  categoryId: number;
  treatment?: ManageTreatment;
  onDone: () => void;
}) {
  const queries = useQueryClient();
  const form = useForm<TreatmentFormValues, unknown, TreatmentInput>({
    resolver: zodResolver(treatmentInputSchema),
    mode: 'onSubmit',
    defaultValues: {
      name: treatment?.name ?? '',
      description: treatment?.description ?? '',
      // An empty box for a new treatment; the schema's message asks for the number.
      price: treatment?.price ?? ('' as unknown as number),
      duration: treatment?.duration ?? ('' as unknown as number),
      categoryId,
      patchTestHours: treatment?.patchTestHours ?? null,
      isPatchTest: treatment?.isPatchTest ?? false,
    },
  });
  const draft = useFormDraft(form, {
    screen: 'treatment',
    record: treatment ? String(treatment.id) : `new-in-${categoryId}`,
    version: null,
    isValues: isTreatmentValues,
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async (body) => {
      const menu = await changeMenu(
        treatment ? 'PUT' : 'POST',
        treatment ? `treatments/${treatment.id}` : 'treatments',
        body,
      );
      queries.setQueryData(menuQueryKey, menu);
      form.reset(body);
      draft.forget(null);
      onDone();
    },
    savedText: treatment ? 'Treatment saved.' : 'Treatment added.',
    failedText: 'The treatment could not be saved. Please try again.',
  });
  const errors = form.formState.errors;
  return (
    <form className="manage__form" noValidate onSubmit={(event) => void submit(event)}>
      {draft.restored && <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.discard} />}
      <FormField label="Name" required registration={form.register('name')} error={errors.name} />
      <FormField
        label="Description"
        multiline
        registration={form.register('description')}
        error={errors.description}
      />
      <FormField
        label="Price (£)"
        required
        inputMode="decimal"
        registration={form.register('price', { setValueAs: numberOrNothing })}
        error={errors.price}
      />
      <FormField
        label="Duration (minutes)"
        required
        type="number"
        inputMode="numeric"
        registration={form.register('duration', { setValueAs: numberOrNothing })}
        error={errors.duration}
      />
      <FormField
        label="Patch test needed (hours before)"
        hint="Online bookings then need a passed patch test, recorded on the customer’s page in the last six months, at least this many hours before. Leave empty when none is needed."
        type="number"
        inputMode="numeric"
        registration={form.register('patchTestHours', { setValueAs: hoursOrNone })}
        error={errors.patchTestHours}
      />
      <label className="manage__check">
        <input type="checkbox" {...form.register('isPatchTest')} /> This is the patch-test
        appointment (offered to visitors who need one)
      </label>
      <FormErrorSummary form={form} failure={failure} labels={treatmentLabels} />
      <button
        type="submit"
        className="button button--primary"
        disabled={form.formState.isSubmitting}
      >
        {treatment ? 'Save the treatment' : 'Add the treatment'}
      </button>{' '}
      <button type="button" className="button" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

/** A new category: one field, on the kit like every form. */
function CategoryAdder() {
  const queries = useQueryClient();
  const form = useForm<CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    mode: 'onSubmit',
    defaultValues: { name: '' },
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async (body) => {
      queries.setQueryData(menuQueryKey, await changeMenu('POST', 'categories', body));
      form.reset();
    },
    savedText: 'Category added.',
    failedText: 'The category could not be added. Please try again.',
  });
  return (
    <form className="manage__form" noValidate onSubmit={(event) => void submit(event)}>
      <h2>Add a category</h2>
      <FormField
        label="Category name"
        required
        registration={form.register('name')}
        error={form.formState.errors.name}
      />
      <FormErrorSummary form={form} failure={failure} />
      <button
        type="submit"
        className="button button--primary"
        disabled={form.formState.isSubmitting}
      >
        Add the category
      </button>
    </form>
  );
}

function MenuEditor({ menu }: { menu: ManageMenu }) {
  const change = useMenuChange();
  const [editing, setEditing] = useState<string | null>(null);
  const categories = [...menu.categories].sort((a, b) => a.position - b.position);
  const categoryIds = categories.map((c) => c.id);
  return (
    <>
      {change.isError && (
        <p role="alert">
          {change.error instanceof ApiError
            ? change.error.message
            : 'The change could not be saved. Please try again.'}
        </p>
      )}
      {categories.map((category, ci) => {
        const treatments = menu.treatments
          .filter((t) => t.categoryId === category.id)
          .sort((a, b) => a.position - b.position);
        const treatmentIds = treatments.map((t) => t.id);
        return (
          <section key={category.id} className="card" aria-label={category.name}>
            <h2>
              {category.name}
              {!category.active && ' (not offered)'}
            </h2>
            <p>
              <button
                type="button"
                className="button"
                disabled={ci === 0}
                aria-label={`Move ${category.name} up`}
                onClick={() =>
                  change.mutate({
                    method: 'PUT',
                    path: 'categories/order',
                    body: { ids: moved(categoryIds, ci, -1) },
                  })
                }
              >
                Up
              </button>{' '}
              <button
                type="button"
                className="button"
                disabled={ci === categories.length - 1}
                aria-label={`Move ${category.name} down`}
                onClick={() =>
                  change.mutate({
                    method: 'PUT',
                    path: 'categories/order',
                    body: { ids: moved(categoryIds, ci, 1) },
                  })
                }
              >
                Down
              </button>{' '}
              <button
                type="button"
                className="button"
                onClick={() =>
                  change.mutate({
                    method: 'PUT',
                    path: `categories/${category.id}/active`,
                    body: { active: !category.active },
                  })
                }
              >
                {category.active
                  ? `Stop offering ${category.name}`
                  : `Offer ${category.name} again`}
              </button>
            </p>
            <ol className="manage__treatments">
              {treatments.map((t, ti) => (
                <li key={t.id}>
                  {editing === `t${t.id}` ? (
                    <TreatmentForm
                      categoryId={category.id}
                      treatment={t}
                      onDone={() => setEditing(null)}
                    />
                  ) : (
                    <>
                      <span className="manage__treatment-name">
                        <strong>{t.name}</strong> · {pounds.format(t.price)} · {t.duration} min
                        {t.patchTestHours !== null && ` · patch test ${t.patchTestHours} h before`}
                        {t.isPatchTest && ' · the patch-test appointment'}
                        {!t.active && ' · not offered'}
                      </span>{' '}
                      <button
                        type="button"
                        className="button"
                        aria-label={`Edit ${t.name}`}
                        onClick={() => setEditing(`t${t.id}`)}
                      >
                        Edit
                      </button>{' '}
                      <button
                        type="button"
                        className="button"
                        disabled={ti === 0}
                        aria-label={`Move ${t.name} up`}
                        onClick={() =>
                          change.mutate({
                            method: 'PUT',
                            path: `categories/${category.id}/treatments/order`,
                            body: { ids: moved(treatmentIds, ti, -1) },
                          })
                        }
                      >
                        Up
                      </button>{' '}
                      <button
                        type="button"
                        className="button"
                        disabled={ti === treatments.length - 1}
                        aria-label={`Move ${t.name} down`}
                        onClick={() =>
                          change.mutate({
                            method: 'PUT',
                            path: `categories/${category.id}/treatments/order`,
                            body: { ids: moved(treatmentIds, ti, 1) },
                          })
                        }
                      >
                        Down
                      </button>{' '}
                      <button
                        type="button"
                        className="button"
                        // The visible word first (WCAG 2.5.3): a voice user says what they see.
                        aria-label={`${t.active ? 'Deactivate' : 'Reactivate'} ${t.name}`}
                        onClick={() =>
                          change.mutate({
                            method: 'PUT',
                            path: `treatments/${t.id}/active`,
                            body: { active: !t.active },
                          })
                        }
                      >
                        {t.active ? 'Deactivate' : 'Reactivate'}
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ol>
            {editing === `new${category.id}` ? (
              <TreatmentForm categoryId={category.id} onDone={() => setEditing(null)} />
            ) : (
              <button
                type="button"
                className="button"
                onClick={() => setEditing(`new${category.id}`)}
              >
                Add a treatment to {category.name}
              </button>
            )}
          </section>
        );
      })}
      <CategoryAdder />
    </>
  );
}

/** /manage/treatments: categories and treatments, added, edited, reordered, (de)activated. */
export default function TreatmentsPage() {
  const menu = useQuery({ queryKey: menuQueryKey, queryFn: fetchMenu, staleTime: 0 });
  return (
    <section className="manage__screen">
      <PageHeading title="Treatments">Treatments</PageHeading>
      {menu.isPending && <ScreenSkeleton />}
      {menu.isError && <p role="alert">The treatments could not be loaded. Please try again.</p>}
      {menu.data && <MenuEditor menu={menu.data} />}
    </section>
  );
}
