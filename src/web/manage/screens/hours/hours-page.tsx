import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DepositsSection } from './deposits-section';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { type BookingRules, type Closure, type VersionedBookingRules } from '@common/booking-rules';
import {
  changeCutoffHoursDefault,
  maxBookingMinutesDefault,
  maxBookingsPerEmailPerDayDefault,
  reminderHoursDefault,
} from '@common/booking-rule-defaults';
import type { Weekday } from '@common/client-config';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { DraftNotice } from '@/manage/shared/draft-notice';
import { EmptyState } from '@/manage/shared/empty-state';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { useFormDraft } from '@/manage/shared/use-form-draft';
import { cancelAffected } from '@/manage/shared/closing-api';
import { bookingCount, useClosingQuestion, WentBack } from '@/manage/shared/use-closing-question';
import { VersionConflict } from '@/manage/shared/version-conflict';
import { diffVersions } from '@/manage/shared/version-diff';
import { diaryQueryKey, fetchRules, rulesQueryKey, saveRules } from './hours-api';

const dayNames: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};
// Written out, not taken from client-config: importing that module at run time would pull its
// zod schemas into the chunk every visitor form shares.
const weekOrder: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

type NumberRule = {
  [K in keyof BookingRules]-?: NonNullable<BookingRules[K]> extends number ? K : never;
}[keyof BookingRules];
const numberRules: { key: NumberRule; label: string }[] = [
  { key: 'capacity', label: 'Appointments at once (chairs)' },
  { key: 'leadMinutes', label: 'Lead time (minutes before an appointment)' },
  { key: 'horizonDays', label: 'Bookings open this many days ahead' },
  { key: 'bufferMinutes', label: 'Buffer after each appointment (minutes)' },
  { key: 'slotStepMinutes', label: 'Start times every (minutes)' },
];
// Issue 17: optional in the stored rules; the screen shows the default the server applies.
const lifecycleRules: { key: NumberRule; label: string; fallback: number }[] = [
  {
    key: 'changeCutoffHours',
    label: 'Customers can move or cancel online until (hours before)',
    fallback: changeCutoffHoursDefault,
  },
  {
    key: 'reminderHours',
    label: 'Reminder e-mail (hours before; 0 for none)',
    fallback: reminderHoursDefault,
  },
  {
    key: 'maxBookingMinutes',
    label: 'Longest booking online (minutes in total)',
    fallback: maxBookingMinutesDefault,
  },
  {
    key: 'maxBookingsPerEmailPerDay',
    label: 'Bookings one e-mail address can make for one day',
    fallback: maxBookingsPerEmailPerDayDefault,
  },
  {
    key: 'confirmNewCustomersMinutes',
    label: 'New customers confirm by e-mail within (minutes; 0 for no confirmation)',
    fallback: 0,
  },
];
const fieldLabels: Record<string, string> = Object.fromEntries(
  [...numberRules, ...lifecycleRules].map(({ key, label }) => [key, label]),
);

/** The rules as the form holds them: the issue-17 rules filled with the defaults shown. */
function formValuesOf(rules: BookingRules): BookingRules {
  const filled = { ...rules };
  for (const { key, fallback } of lifecycleRules) filled[key] = rules[key] ?? fallback;
  return filled;
}

/** The form's values to save: a default left as it was stays unset (it follows the default). */
function rulesToSave(values: BookingRules, saved: BookingRules): BookingRules {
  const rules = { ...values };
  for (const { key, fallback } of lifecycleRules) {
    if (saved[key] === undefined && rules[key] === fallback) delete rules[key];
  }
  return rules;
}

const isRules = (value: unknown): value is BookingRules =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<BookingRules>).weeklyHours === 'object' &&
  Array.isArray((value as Partial<BookingRules>).closures);

/** A field of the rules by its path, as the comparison of two versions names it. */
function labelOfPath(path: string): string {
  const [first, day, span, end] = path.split('.');
  if (first === 'weeklyHours' && day) {
    const name = dayNames[day as Weekday] ?? day;
    if (span === undefined) return `${name} hours`;
    return `${name}, span ${Number(span) + 1}, ${end === 'end' ? 'closes' : 'opens'}`;
  }
  if (first === 'closures') return 'Closures';
  return fieldLabels[first ?? ''] ?? path;
}

function describeClosure(closure: Closure): string {
  return closure.from === closure.to ? closure.from : `${closure.from} to ${closure.to}`;
}

/**
 * A time of a span; a day that runs to midnight (24:00) shows 23:59, as time inputs stop there.
 * Controlled through watch and setValue rather than useController/useWatch: those would add to the
 * form library's chunk that every visitor form downloads (docs/decisions/0014-page-speed.md).
 */
function SpanTime({
  form,
  name,
  label,
}: {
  form: UseFormReturn<BookingRules>;
  name: `weeklyHours.${Weekday}.${number}.${'start' | 'end'}`;
  label: string;
}) {
  const value = form.watch(name);
  return (
    <label>
      {label}{' '}
      <input
        type="time"
        value={value === '24:00' ? '23:59' : value}
        onChange={(event) => form.setValue(name, event.target.value, { shouldDirty: true })}
      />
    </label>
  );
}

function DaySpans({ form, day }: { form: UseFormReturn<BookingRules>; day: Weekday }) {
  const spans = form.watch(`weeklyHours.${day}`);
  const setSpans = (next: typeof spans) =>
    form.setValue(`weeklyHours.${day}`, next, { shouldDirty: true });
  const dayError = form.formState.errors.weeklyHours?.[day];
  const problem = dayError?.message ?? dayError?.root?.message;
  return (
    <fieldset>
      <legend>{dayNames[day]}</legend>
      {spans.length === 0 && <p>Closed</p>}
      {spans.map((span, i) => (
        <p key={i} className="manage__span">
          <SpanTime form={form} name={`weeklyHours.${day}.${i}.start`} label="Opens" />{' '}
          <SpanTime form={form} name={`weeklyHours.${day}.${i}.end`} label="closes" />{' '}
          <button
            type="button"
            className="button"
            aria-label={`Remove ${dayNames[day]} ${span.start}–${span.end}`}
            onClick={() => setSpans(spans.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </p>
      ))}
      {problem && (
        <p className="form-field__error" role="alert">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="button"
        disabled={spans.length >= 6}
        onClick={() => {
          const last = spans.at(-1);
          const start = last ? last.end : '09:00';
          const end = start < '17:00' ? '17:00' : '23:00';
          setSpans([...spans, { start, end }]);
        }}
      >
        Add a span on {dayNames[day]}
      </button>
    </fieldset>
  );
}

/** A closure being written: its own small form (checked with the shared closure rules). */
function ClosureAdder({ onAdd }: { onAdd: (closure: Closure) => void }) {
  const adder = useForm<Closure>({
    mode: 'onSubmit',
    defaultValues: { from: '', to: '', reason: '' },
  });
  useUnsavedChanges(adder.formState.isDirty);
  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as SpanTime says
  const from = adder.watch('from');
  const add = adder.handleSubmit(({ from, to, reason }) => {
    // An empty "To" is one day: setValueAs would not run for a box the owner never touched.
    onAdd({ from, to: to || from, ...(reason ? { reason } : {}) });
    // With values: reset() without them also resets the <form> element around the fields, and
    // this little form sits inside the hours form, whose boxes it would empty.
    adder.reset({ from: '', to: '', reason: '' });
  });
  const errors = adder.formState.errors;
  return (
    <fieldset>
      <legend>Add a closure</legend>
      <FormField
        label="From"
        type="date"
        registration={adder.register('from')}
        error={errors.from}
      />
      <FormField
        label="To (optional, for several days)"
        type="date"
        registration={adder.register('to')}
        error={errors.to}
      />
      <FormField
        label="Reason (optional)"
        registration={adder.register('reason')}
        error={errors.reason}
      />
      {errors.root?.message && <p role="alert">{errors.root.message}</p>}
      <button type="button" className="button" disabled={!from} onClick={() => void add()}>
        Add the closure
      </button>
    </fieldset>
  );
}

/** The closures in `next` that `before` did not have (a changed range counts as new). */
function newClosures(next: readonly Closure[], before: readonly Closure[]): Closure[] {
  return next.filter((c) => !before.some((b) => b.from === c.from && b.to === c.to));
}

function HoursForm({ saved }: { saved: VersionedBookingRules }) {
  const queries = useQueryClient();
  // The rules' schema is checked by the server, whose answer names each field (the kit shows it
  // there): on the client its zod parts would grow the chunk every visitor form shares past its
  // budget (docs/decisions/0014-page-speed.md).
  const form = useForm<BookingRules>({
    mode: 'onSubmit',
    defaultValues: formValuesOf(saved.rules),
  });
  const draft = useFormDraft(form, {
    screen: 'hours',
    record: 'booking-rules',
    version: saved.version,
    isValues: isRules,
  });
  const [theirs, setTheirs] = useState<VersionedBookingRules | undefined>();
  useUnsavedChanges(form.formState.isDirty);
  // Issue 32: new closures over bookings ask first; the answer comes back into the save that asked.
  const closing = useClosingQuestion('the salon');
  const [afterSave, setAfterSave] = useState<string | undefined>();

  const showSaved = async (answer: VersionedBookingRules) => {
    queries.setQueryData(rulesQueryKey, answer);
    form.reset(formValuesOf(answer.rules));
    draft.forget(answer.version);
    setTheirs(undefined);
    await queries.invalidateQueries({ queryKey: diaryQueryKey() });
  };

  const { submit, failure } = useFormSubmit(form, {
    send: async (values) => {
      setAfterSave(undefined);
      const { groups, decision } = await closing.ask(
        newClosures(values.closures, saved.rules.closures),
      );
      await showSaved(
        await saveRules({
          version: Number(draft.baseVersion),
          rules: rulesToSave(values, saved.rules),
        }),
      );
      if (decision.kind !== 'cancel') return;
      try {
        const cancelled = await cancelAffected(groups, decision.message);
        showToast(
          'saved',
          `Saved. ${bookingCount(cancelled.length)} cancelled; each customer is e-mailed.`,
        );
      } catch (error) {
        const why = error instanceof ApiError ? ` (${error.message})` : '';
        setAfterSave(
          `The hours are saved, but the bookings could not all be cancelled${why}. Please cancel them from the diary.`,
        );
        throw new WentBack();
      }
    },
    savedText: 'Saved.',
    failedText: 'The hours could not be saved. Please try again.',
    issuePrefix: 'rules.',
    onFailure: (error) => {
      if (error instanceof WentBack) return true;
      if (!(error instanceof ApiError && error.status === 409)) return false;
      // Someone saved first: fetch their version and let the owner choose.
      void fetchRules().then(setTheirs, () => setTheirs(undefined));
      return true;
    },
  });

  const keepMine = useMutation({
    mutationFn: (other: VersionedBookingRules) =>
      saveRules({ version: other.version, rules: rulesToSave(form.getValues(), other.rules) }),
    onSuccess: async (answer) => {
      await showSaved(answer);
      showToast('saved', 'Saved.');
    },
  });

  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as SpanTime says
  const closures = form.watch('closures');
  const removeClosure = (index: number) =>
    form.setValue(
      'closures',
      closures.filter((_, j) => j !== index),
      { shouldDirty: true },
    );

  return (
    <>
      {closing.dialog}
      <form className="manage__form" noValidate onSubmit={(event) => void submit(event)}>
        {draft.restored && (
          <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.discard} />
        )}
        {theirs && (
          <VersionConflict
            differences={diffVersions(formValuesOf(theirs.rules), form.getValues())}
            labelOf={labelOfPath}
            busy={keepMine.isPending}
            onKeepMine={() => keepMine.mutate(theirs)}
            onTakeTheirs={() => void showSaved(theirs)}
          />
        )}
        <h2>Weekly hours</h2>
        <p>Several spans a day leave a break between them; no span means closed that day.</p>
        {weekOrder.map((day) => (
          <DaySpans key={day} form={form} day={day} />
        ))}
        <h2>Closures</h2>
        {closures.length === 0 ? (
          <EmptyState title="No closures">
            Closing for a holiday or a training day? Add it below, then save the hours: customers
            cannot book those days.
          </EmptyState>
        ) : (
          <ul className="manage__closures">
            {closures.map((closure, i) => (
              <li key={`${closure.from}-${i}`}>
                {describeClosure(closure)}
                {closure.reason ? ` (${closure.reason})` : ''}{' '}
                <button
                  type="button"
                  className="button"
                  aria-label={`Remove the closure ${describeClosure(closure)}`}
                  onClick={() => removeClosure(i)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <ClosureAdder
          onAdd={(closure) =>
            form.setValue(
              'closures',
              [...closures, closure].sort((a, b) => a.from.localeCompare(b.from)),
              { shouldDirty: true },
            )
          }
        />
        <h2>Booking rules</h2>
        {numberRules.map(({ key, label }) => (
          <FormField
            key={key}
            label={label}
            type="number"
            inputMode="numeric"
            registration={form.register(key, { valueAsNumber: true })}
            error={form.formState.errors[key]}
          />
        ))}
        <h2>Changes, reminders and fair use</h2>
        <p>
          Online limits stop one person holding a whole day; you can still book longer or more by
          phone.
        </p>
        {lifecycleRules.map(({ key, label }) => (
          <FormField
            key={key}
            label={label}
            type="number"
            inputMode="numeric"
            registration={form.register(key, { valueAsNumber: true })}
            error={form.formState.errors[key]}
          />
        ))}
        <div className="manage__save-bar">
          <FormErrorSummary
            form={form}
            failure={
              failure ??
              afterSave ??
              (keepMine.error instanceof ApiError ? keepMine.error.message : undefined)
            }
            labels={fieldLabels}
          />
          {form.formState.isDirty && <p>You have unsaved changes.</p>}
          <button
            type="submit"
            className="button button--primary"
            disabled={form.formState.isSubmitting}
          >
            {form.formState.isSubmitting ? 'Saving…' : 'Save the hours'}
          </button>
        </div>
      </form>
    </>
  );
}

/** /manage/hours: weekly spans with breaks, closures, and the booking rules, saved with the version. */
export default function HoursPage() {
  const rules = useQuery({ queryKey: rulesQueryKey, queryFn: fetchRules, staleTime: 0 });
  return (
    <section className="manage__screen">
      <PageHeading title="Hours">Opening hours</PageHeading>
      {rules.isPending && <ScreenSkeleton shape="form" />}
      {rules.isError && <p role="alert">The hours could not be loaded. Please try again.</p>}
      {/* Drawn once per visit: a refetch must not replace what the owner is typing. */}
      {rules.data && <HoursForm saved={rules.data} />}
      {/* Issue 36: deposits and the cancellation policy, saved on their own. */}
      {rules.data && <DepositsSection />}
    </section>
  );
}
