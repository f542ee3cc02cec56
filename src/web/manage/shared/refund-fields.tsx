import { useState, type ReactNode } from 'react';
import {
  useWatch,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { penceOfPounds } from '@common/payments';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';

/** The two fields every refund form has (issue 36: an order's card payment, a booking's deposit). */
export const refundLabels = {
  amount: 'Amount to refund (£)',
  reason: 'Why (for the audit log; the customer does not see it)',
};

/** The fields every refund form's values have. */
interface RefundFieldValues {
  amount: string;
  reason: string;
}

/**
 * A refund cannot be undone, so the first press of a refund form asks to confirm and the second
 * sends. Any change after the question (register the fields with `unconfirm`) asks it again, for
 * the new amount.
 */
export function useRefundConfirmation() {
  const [confirming, setConfirming] = useState(false);
  return { confirming, setConfirming, unconfirm: { onChange: () => setConfirming(false) } };
}

/**
 * The fields, the question and the button of a refund form: the amount and why (registered with
 * `unconfirm`), any fields of the form's own (`children`), the question while confirming, the
 * error summary, and the button that first asks and then says the amount typed.
 */
export function RefundFields<
  Values extends RefundFieldValues,
  Context,
  Parsed extends FieldValues,
>({
  form,
  unconfirm,
  labels,
  confirming,
  customerName,
  pounds,
  failure,
  askText,
  children,
}: {
  form: UseFormReturn<Values, Context, Parsed>;
  unconfirm: { onChange: () => void };
  labels: Record<string, string>;
  confirming: boolean;
  customerName: string;
  pounds: (pence: number) => string;
  failure: string | undefined;
  /** The button before the question, e.g. "Refund deposit…". */
  askText: string;
  children?: ReactNode;
}) {
  // Both names are fields of every refund form (RefundFieldValues); Path cannot see that through
  // the generic Values.
  const amount = 'amount' as Path<Values>;
  const reason = 'reason' as Path<Values>;
  const typed = useWatch({ control: form.control, name: amount });
  const typedPence = penceOfPounds(typeof typed === 'string' ? typed : '');
  const errors = form.formState.errors as { amount?: FieldError; reason?: FieldError };
  const busy = form.formState.isSubmitting;
  const asking = confirming && typedPence !== undefined;
  return (
    <>
      <FormField
        label={refundLabels.amount}
        inputMode="decimal"
        required
        registration={form.register(amount, unconfirm)}
        error={errors.amount}
      />
      <FormField
        label={refundLabels.reason}
        multiline
        required
        registration={form.register(reason, unconfirm)}
        error={errors.reason}
      />
      {children}
      {asking && (
        <p role="status" className="card">
          {pounds(typedPence)} will go back to {customerName}’s card. A refund cannot be undone.
        </p>
      )}
      <FormErrorSummary form={form} failure={failure} busy={busy} labels={labels} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Refunding…' : asking ? `Yes, refund ${pounds(typedPence)}` : askText}
      </button>
    </>
  );
}
