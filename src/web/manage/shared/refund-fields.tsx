import { useState, type ReactNode } from 'react';
import type {
  FieldError,
  FieldValues,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';

/** The two fields every refund form has (issue 36: an order's card payment, a booking's deposit). */
export const refundLabels = {
  amount: 'Amount to refund (£)',
  reason: 'Why (for the audit log; the customer does not see it)',
};

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
 * The fields, the question and the button of a refund form: the amount and why, any fields of
 * the form's own (`children`), the question while confirming, the error summary, and the button
 * that first asks and then says the amount.
 */
export function RefundFields<Values extends FieldValues, Context, Parsed extends FieldValues>({
  form,
  amount,
  reason,
  errors,
  labels,
  confirming,
  typedPence,
  customerName,
  pounds,
  failure,
  askText,
  children,
}: {
  form: UseFormReturn<Values, Context, Parsed>;
  amount: UseFormRegisterReturn;
  reason: UseFormRegisterReturn;
  errors: { amount?: FieldError | undefined; reason?: FieldError | undefined };
  labels: Record<string, string>;
  confirming: boolean;
  /** The amount typed, in pence, when it reads as one. */
  typedPence: number | undefined;
  customerName: string;
  pounds: (pence: number) => string;
  failure: string | undefined;
  /** The button before the question, e.g. "Refund deposit…". */
  askText: string;
  children?: ReactNode;
}) {
  const busy = form.formState.isSubmitting;
  const asking = confirming && typedPence !== undefined;
  return (
    <>
      <FormField
        label={refundLabels.amount}
        inputMode="decimal"
        required
        registration={amount}
        error={errors.amount}
      />
      <FormField
        label={refundLabels.reason}
        multiline
        required
        registration={reason}
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
