import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import {
  morningSummaryFieldsSchema,
  type MorningSummaryFields,
  type MorningSummarySetting,
} from '@common/morning-summary';
import { FormErrorSummary } from '@/components/error-summary';
import { PageHeading } from '@/components/page-heading';
import { useFormSubmit } from '@/lib/form-kit';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { SelectField } from '@/manage/shared/select-field';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import {
  fetchMorningSummary,
  morningSummaryQueryKey,
  saveMorningSummary,
} from './morning-email-api';

/** The select holds the hour as text; the send gets a number. */
interface MorningValues {
  enabled: boolean;
  sendHour: string;
}

const valuesOf = (setting: MorningSummarySetting): MorningValues => ({
  enabled: setting.enabled,
  sendHour: String(setting.sendHour),
});
const checkFields = zodResolver(morningSummaryFieldsSchema);
const resolver: Resolver<MorningValues, unknown, MorningSummaryFields> = (
  values,
  context,
  options,
) =>
  checkFields(
    { enabled: values.enabled, sendHour: Number(values.sendHour) } as never,
    context,
    options as never,
  ) as unknown as ReturnType<Resolver<MorningValues, unknown, MorningSummaryFields>>;

const labels = { enabled: 'E-mail me a summary each morning', sendHour: 'Send it at' };
const hours = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

function MorningEmailForm({ setting }: { setting: MorningSummarySetting }) {
  const queries = useQueryClient();
  const form = useForm<MorningValues, unknown, MorningSummaryFields>({
    resolver,
    mode: 'onSubmit',
    defaultValues: valuesOf(setting),
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async (fields) => {
      const saved = await saveMorningSummary(fields, setting.version);
      queries.setQueryData(morningSummaryQueryKey, saved);
      form.reset(valuesOf(saved));
    },
    savedText: 'Saved.',
    failedText: 'The setting could not be saved. Please try again.',
  });
  return (
    <form
      className="manage__form card"
      aria-label="Morning e-mail"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <label className="manage__check">
        <input type="checkbox" {...form.register('enabled')} /> {labels.enabled}
      </label>
      <SelectField
        label={labels.sendHour}
        registration={form.register('sendHour')}
        error={form.formState.errors.sendHour}
        options={hours}
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

/**
 * /manage/morning-email (issue 34): the signed-in owner's own morning e-mail, on or off and its
 * hour (UK time). Owner-only; each owner of the business chooses for themself.
 */
export default function MorningEmailPage() {
  const setting = useQuery({ queryKey: morningSummaryQueryKey, queryFn: fetchMorningSummary });
  return (
    <section className="manage__screen">
      <PageHeading title="Morning e-mail">Morning e-mail</PageHeading>
      <p>
        One e-mail to you each morning: today’s bookings for each therapist, orders waiting for you,
        and any e-mail that could not be delivered. Only you get it; other owners choose their own.
      </p>
      {setting.isPending && <ScreenSkeleton />}
      {setting.isError && <p role="alert">The setting could not be loaded. Please try again.</p>}
      {setting.data && <MorningEmailForm key={setting.data.version} setting={setting.data} />}
    </section>
  );
}
