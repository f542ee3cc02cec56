import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  morningSummaryFieldsSchema,
  type MorningSummaryFields,
  type MorningSummarySetting,
} from '@common/morning-summary';
import { FormErrorSummary } from '@/components/error-summary';
import { PageHeading } from '@/components/page-heading';
import { useFormSubmit } from '@/lib/form-kit';
import { schemaResolver } from '@/lib/schema-resolver';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { SelectField } from '@/manage/shared/select-field';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { useVersionConflict } from '@/manage/shared/use-version-conflict';
import { diffVersions } from '@/manage/shared/version-diff';
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
const resolver = schemaResolver(morningSummaryFieldsSchema, (values: MorningValues) => ({
  enabled: values.enabled,
  sendHour: Number(values.sendHour),
}));

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
  // Another device of the same owner may have saved since: both shown, the owner chooses.
  const conflict = useVersionConflict<MorningSummarySetting>();
  const showSaved = (saved: MorningSummarySetting) => {
    queries.setQueryData(morningSummaryQueryKey, saved);
    form.reset(valuesOf(saved));
    conflict.clear();
  };
  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async (fields) =>
      showSaved(await saveMorningSummary(fields, conflict.versionToSend(setting.version))),
    savedText: 'Saved.',
    failedText: 'The setting could not be saved. Please try again.',
    onFailure: (error) =>
      conflict.onConflict(error, fetchMorningSummary, (message) => setFailure(message)),
  });
  return (
    <form
      className="manage__form card"
      aria-label="Morning e-mail"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {conflict.view({
        differences: (theirs) => diffVersions(valuesOf(theirs), form.getValues()),
        labelOf: (path) => labels[path as keyof typeof labels] ?? path,
        busy: form.formState.isSubmitting,
        resubmit: () => void submit(),
        takeTheirs: showSaved,
      })}
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
