import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  addCustomerNoteSchema,
  customerNoteKinds,
  type AddCustomerNote,
  type CustomerDetail,
  type NewCustomerNote,
} from '@common/customers';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { useFormSubmit } from '@/lib/form-kit';
import { fetchMenu, menuQueryKey } from '@/manage/shared/booking-queries';
import { DraftNotice } from '@/manage/shared/draft-notice';
import { SelectField } from '@/manage/shared/select-field';
import { useFormDraft } from '@/manage/shared/use-form-draft';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { addNote, customerQueryKey } from './customers-api';

type NoteFormValues = AddCustomerNote;

const emptyNote: NoteFormValues = {
  kind: 'note',
  text: '',
  patchTestDate: '',
  patchTestResult: '',
  patchTestTreatmentId: '',
};
export const noteKindLabels: Record<(typeof customerNoteKinds)[number], string> = {
  note: 'Note',
  allergy: 'Allergy',
  'patch-test': 'Patch test',
};
const fieldLabels = {
  kind: 'Kind',
  text: 'Note',
  patchTestDate: 'Day of the patch test',
  patchTestResult: 'Result',
  patchTestTreatmentId: 'For which treatment',
};

function isNoteValues(value: unknown): value is NoteFormValues {
  const v = value as Partial<NoteFormValues> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.kind === 'string' &&
    typeof v.text === 'string' &&
    typeof v.patchTestDate === 'string' &&
    typeof v.patchTestResult === 'string'
  );
}

/**
 * Adds a note, an allergy or a patch test (its day and result) to the customer. What is typed is
 * kept as a draft in this browser until it is saved.
 */
export function CustomerNoteForm({ customer }: { customer: CustomerDetail }) {
  const queries = useQueryClient();
  const form = useForm<NoteFormValues, unknown, NewCustomerNote>({
    resolver: zodResolver(addCustomerNoteSchema),
    mode: 'onSubmit',
    defaultValues: emptyNote,
  });
  const draft = useFormDraft(form, {
    screen: 'customer-note',
    record: String(customer.id),
    version: null,
    isValues: isNoteValues,
  });
  useUnsavedChanges(form.formState.isDirty);
  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as the hours screen says
  const kind = form.watch('kind');
  // The treatments that need a patch test, for "which treatment" (the diary's menu query).
  const menu = useQuery({ queryKey: menuQueryKey, queryFn: fetchMenu, staleTime: 60_000 });
  const needingTest = (menu.data?.treatments ?? []).filter((t) => t.patchTestHours !== null);
  const { submit, failure } = useFormSubmit(form, {
    send: async (values) => {
      const answer = await addNote(customer.id, values);
      queries.setQueryData(customerQueryKey(customer.id), answer);
      form.reset(emptyNote);
      draft.forget(null);
    },
    savedText: 'Note added.',
    failedText: 'The note could not be added. Please try again.',
  });
  const errors = form.formState.errors;
  const busy = form.formState.isSubmitting;
  return (
    <form
      className="manage__form"
      aria-labelledby="customer-note-heading"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="customer-note-heading">Add a note</h2>
      {draft.restored && <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.discard} />}
      <SelectField
        label="Kind"
        required
        registration={form.register('kind')}
        error={errors.kind}
        options={customerNoteKinds.map((value) => ({ value, label: noteKindLabels[value] }))}
      />
      <FormField
        label={kind === 'patch-test' ? 'Note (optional): what it was for' : 'Note'}
        multiline
        required={kind !== 'patch-test'}
        registration={form.register('text')}
        error={errors.text}
      />
      {kind === 'patch-test' && (
        <>
          <FormField
            label="Day of the patch test"
            type="date"
            required
            registration={form.register('patchTestDate')}
            error={errors.patchTestDate}
          />
          <SelectField
            label="Result"
            required
            registration={form.register('patchTestResult')}
            error={errors.patchTestResult}
            options={[
              { value: '', label: 'Choose…' },
              { value: 'pass', label: 'Pass' },
              { value: 'fail', label: 'Fail' },
            ]}
          />
          {needingTest.length > 0 && (
            <SelectField
              label="For which treatment"
              registration={form.register('patchTestTreatmentId')}
              error={errors.patchTestTreatmentId}
              options={[
                { value: '', label: 'Not said' },
                ...needingTest.map((t) => ({ value: String(t.id), label: t.name })),
              ]}
            />
          )}
        </>
      )}
      <FormErrorSummary form={form} failure={failure} busy={busy} labels={fieldLabels} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Adding…' : 'Add the note'}
      </button>
    </form>
  );
}
