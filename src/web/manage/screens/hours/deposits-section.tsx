import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  depositSettingsSchema,
  type DepositKind,
  type DepositMode,
  type DepositSettings,
  type DepositSettingsAnswer,
} from '@common/deposits';
import type { ManageMenu } from '@common/diary';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { fetchMenu, menuQueryKey } from '@/manage/shared/booking-queries';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { depositsQueryKey, fetchDeposits, saveDeposits } from './deposits-api';

/**
 * Deposits and the cancellation policy (issue 36, decision 0079), a section of the Hours screen
 * with its own save: a fixed amount (typed in pounds) or a percent, for the whole booking or per
 * treatment, and the hours before the appointment until which cancelling refunds it.
 */
interface RuleValues {
  kind: DepositKind;
  amount: string;
}
interface DepositValues {
  mode: DepositMode;
  booking: RuleValues;
  /** Per treatment id (as text keys); an empty amount asks none. */
  treatments: Record<string, RuleValues>;
  freeCancelHours: string;
}

const modeLabels: Record<DepositMode, string> = {
  off: 'No deposit',
  booking: 'One deposit for the whole booking',
  'per-treatment': 'A deposit per treatment',
};
const kindLabels: Record<DepositKind, string> = {
  fixed: 'Fixed amount (£)',
  percent: 'Percent of the price',
};
const labels: Record<string, string> = {
  mode: 'Deposit',
  'booking.amount': 'Deposit amount',
  freeCancelHours: 'Free cancellation until (hours before)',
};

const shown = (kind: DepositKind, amount: number) =>
  kind === 'fixed' ? (amount / 100).toFixed(2) : String(amount);
const stored = (kind: DepositKind, typed: string) =>
  typed.trim() === ''
    ? Number.NaN
    : kind === 'fixed'
      ? Math.round(Number(typed) * 100)
      : Number(typed);

function valuesOf(settings: DepositSettings): DepositValues {
  return {
    mode: settings.mode,
    booking: {
      kind: settings.booking.kind,
      amount: shown(settings.booking.kind, settings.booking.amount),
    },
    treatments: Object.fromEntries(
      settings.treatments.map((rule) => [
        String(rule.treatmentId),
        { kind: rule.kind, amount: shown(rule.kind, rule.amount) },
      ]),
    ),
    freeCancelHours: String(settings.freeCancelHours),
  };
}

function settingsOf(values: DepositValues) {
  return {
    mode: values.mode,
    booking: {
      kind: values.booking.kind,
      amount: stored(values.booking.kind, values.booking.amount),
    },
    treatments: Object.entries(values.treatments)
      .filter(([, rule]) => rule.amount.trim() !== '')
      .map(([id, rule]) => ({
        treatmentId: Number(id),
        kind: rule.kind,
        amount: stored(rule.kind, rule.amount),
      })),
    freeCancelHours:
      values.freeCancelHours.trim() === '' ? Number.NaN : Number(values.freeCancelHours),
  };
}

const resolver: Resolver<DepositValues, unknown, DepositSettings> = (values) => {
  const parsed = z.safeParse(depositSettingsSchema, settingsOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, unknown> = {};
  const sent = settingsOf(values);
  for (const issue of parsed.error.issues) {
    const [group, index] = issue.path.map(String);
    const rule = group === 'treatments' ? sent.treatments[Number(index)] : undefined;
    const name = rule
      ? `treatments.${rule.treatmentId}.amount`
      : group === 'booking'
        ? 'booking.amount'
        : group === 'freeCancelHours'
          ? 'freeCancelHours'
          : 'mode';
    const parts = name.split('.');
    let node = errors;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] ??= { type: 'schema', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<DepositValues> };
};

function DepositsForm({ answer, menu }: { answer: DepositSettingsAnswer; menu: ManageMenu }) {
  const queries = useQueryClient();
  const form = useForm<DepositValues, unknown, DepositSettings>({
    resolver,
    mode: 'onSubmit',
    defaultValues: valuesOf(answer.settings),
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async (settings) => {
      const saved = await saveDeposits(settings, answer.version);
      queries.setQueryData(depositsQueryKey, saved);
      form.reset(valuesOf(saved.settings));
    },
    savedText: 'Saved. New bookings ask the deposit now.',
    failedText: 'The deposit settings could not be saved. Please try again.',
    onFailure: (error) =>
      error instanceof ApiError && error.status === 409
        ? (void queries.invalidateQueries({ queryKey: depositsQueryKey }), false)
        : false,
  });
  const errors = form.formState.errors;
  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as the other forms do
  const mode = form.watch('mode');
  const submitting = form.formState.isSubmitting;
  const treatments = menu.treatments.filter((t) => t.active);
  return (
    <form
      className="manage__form"
      aria-label="Deposits and cancellation"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2>Deposits and cancellation</h2>
      {!answer.cardsTaken && (
        <p>
          Deposits are asked only once card payment is connected (Stripe keys under Payments). Until
          then bookings work as before.
        </p>
      )}
      <FormField
        label={labels.mode!}
        options={['off', 'booking', 'per-treatment']}
        optionLabels={modeLabels}
        firstIsEmpty={false}
        registration={form.register('mode')}
        error={errors.mode}
      />
      {mode === 'booking' && (
        <>
          <FormField
            label="Deposit is a"
            options={['fixed', 'percent']}
            optionLabels={kindLabels}
            firstIsEmpty={false}
            registration={form.register('booking.kind')}
          />
          <FormField
            label={labels['booking.amount']!}
            inputMode="decimal"
            hint="Pounds for a fixed amount (never more than the booking costs), or a whole percent."
            registration={form.register('booking.amount')}
            error={errors.booking?.amount}
          />
        </>
      )}
      {mode === 'per-treatment' &&
        treatments.map((treatment) => (
          <fieldset key={treatment.id} className="card">
            <legend>{treatment.name}</legend>
            <FormField
              label={`Deposit for ${treatment.name} is a`}
              options={['fixed', 'percent']}
              optionLabels={kindLabels}
              firstIsEmpty={false}
              registration={form.register(`treatments.${treatment.id}.kind`)}
            />
            <FormField
              label={`Deposit for ${treatment.name}`}
              inputMode="decimal"
              hint="Leave empty for no deposit."
              registration={form.register(`treatments.${treatment.id}.amount`)}
              error={errors.treatments?.[String(treatment.id)]?.amount}
            />
          </fieldset>
        ))}
      <FormField
        label={labels.freeCancelHours!}
        inputMode="numeric"
        hint="Cancelling at least this many hours before the appointment refunds the deposit; later, or a no-show, keeps it."
        registration={form.register('freeCancelHours')}
        error={errors.freeCancelHours}
      />
      <FormErrorSummary form={form} failure={failure} labels={labels} />
      <p>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Saving…' : 'Save deposits'}
        </button>
      </p>
    </form>
  );
}

/** The section: loads the settings and the menu (the treatments' names), then the form. */
export function DepositsSection() {
  const answer = useQuery({ queryKey: depositsQueryKey, queryFn: fetchDeposits });
  const menu = useQuery({ queryKey: menuQueryKey, queryFn: fetchMenu });
  if (answer.isError || menu.isError) {
    return <p role="alert">The deposit settings could not be loaded. Please try again.</p>;
  }
  if (!answer.data || !menu.data) return null;
  return <DepositsForm key={answer.data.version} answer={answer.data} menu={menu.data} />;
}
