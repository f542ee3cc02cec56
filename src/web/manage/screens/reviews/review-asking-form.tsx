import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  reviewAskingFieldsSchema,
  type ReviewAsking,
  type ReviewAskingFields,
} from '@common/reviews';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { useFormSubmit } from '@/lib/form-kit';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { fetchReviewAsking, reviewAskingQueryKey, saveReviewAsking } from './reviews-api';
import { schemaResolver } from '@/lib/schema-resolver';

/** The boxes hold the days as typed; the send gets numbers. */
interface AskingValues {
  enabled: boolean;
  delayDays: string;
  oncePerDays: string;
}

const valuesOf = (asking: ReviewAsking): AskingValues => ({
  enabled: asking.enabled,
  delayDays: String(asking.delayDays),
  oncePerDays: String(asking.oncePerDays),
});
const numberOf = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));
const resolver = schemaResolver(reviewAskingFieldsSchema, (values: AskingValues) => ({
  enabled: values.enabled,
  delayDays: numberOf(values.delayDays),
  oncePerDays: numberOf(values.oncePerDays),
}));

const labels = {
  enabled: 'Ask customers for a review',
  delayDays: 'Days after the visit or order',
  oncePerDays: 'Ask the same customer at most once in (days)',
};

function AskingForm({ asking }: { asking: ReviewAsking }) {
  const queries = useQueryClient();
  const form = useForm<AskingValues, unknown, ReviewAskingFields>({
    resolver,
    mode: 'onSubmit',
    defaultValues: valuesOf(asking),
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async (fields) => {
      const saved = await saveReviewAsking(fields, asking.version);
      queries.setQueryData(reviewAskingQueryKey, saved);
      form.reset(valuesOf(saved));
    },
    savedText: 'Saved.',
    failedText: 'The setting could not be saved. Please try again.',
  });
  const errors = form.formState.errors;
  return (
    <form
      className="manage__form"
      aria-label="Asking customers for reviews"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <p>
        When on, a booking marked completed or an order marked completed e-mails the customer a link
        to write a review. What they write waits here for your approval.
      </p>
      <label className="reviews-check">
        <input type="checkbox" {...form.register('enabled')} /> {labels.enabled}
      </label>
      <FormField
        label={labels.delayDays}
        inputMode="numeric"
        registration={form.register('delayDays')}
        error={errors.delayDays}
      />
      <FormField
        label={labels.oncePerDays}
        inputMode="numeric"
        registration={form.register('oncePerDays')}
        error={errors.oncePerDays}
      />
      <FormErrorSummary form={form} failure={failure} labels={labels} />
      <p>
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Save the setting
        </button>
      </p>
    </form>
  );
}

/** The owner's setting for asking customers, folded away under the list's controls. */
export function ReviewAskingSection() {
  const asking = useQuery({ queryKey: reviewAskingQueryKey, queryFn: fetchReviewAsking });
  return (
    <details className="card reviews-add">
      <summary>Asking customers for reviews{asking.data?.enabled ? ' (on)' : ' (off)'}</summary>
      {asking.isError && <p role="alert">The setting could not be loaded. Please try again.</p>}
      {asking.data && <AskingForm key={asking.data.version} asking={asking.data} />}
    </details>
  );
}
