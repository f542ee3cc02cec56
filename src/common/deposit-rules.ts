import { formatPounds } from './money.js';

/**
 * The deposit rules of issue 36 (decision 0079) without the schemas, so the booking page can
 * show the deposit and policy without loading them: deposits.ts checks what these compute on.
 */

/** A deposit hold lasts this long: Stripe's Checkout Session lives at least 30 minutes. */
export const depositHoldMinutes = 30;

interface DepositRuleShape {
  kind: 'fixed' | 'percent';
  amount: number;
}

/** What depositFor reads of the settings (deposits.ts's DepositSettings fits it). */
export interface DepositSettingsShape {
  mode: 'off' | 'per-treatment' | 'booking';
  booking: DepositRuleShape;
  treatments: ReadonlyArray<DepositRuleShape & { treatmentId: number }>;
  freeCancelHours: number;
}

/** One rule's deposit on a price: a fixed amount never above the price; a percent rounded half up. */
function ruleDeposit(rule: DepositRuleShape, pricePence: number): number {
  if (rule.kind === 'fixed') return Math.min(rule.amount, pricePence);
  // Integer arithmetic: (price × percent + 50) / 100, rounded down, is half-up rounding.
  return Math.floor((pricePence * rule.amount + 50) / 100);
}

/**
 * The deposit in whole pence for treatments at their booked prices. Per treatment, each is
 * rounded on its own and the results added, so a booking's deposit is the sum of what each
 * treatment's line would say; for the whole booking, the rule applies to the total.
 */
export function depositFor(
  treatments: ReadonlyArray<{ id: number; pricePence: number }>,
  settings: DepositSettingsShape,
): number {
  if (settings.mode === 'off') return 0;
  if (settings.mode === 'booking') {
    const total = treatments.reduce((sum, t) => sum + t.pricePence, 0);
    return ruleDeposit(settings.booking, total);
  }
  const rules = new Map(settings.treatments.map((rule) => [rule.treatmentId, rule]));
  return treatments.reduce((sum, t) => {
    const rule = rules.get(t.id);
    return sum + (rule ? ruleDeposit(rule, t.pricePence) : 0);
  }, 0);
}

/** The instant until which cancelling refunds the deposit: the start less the free hours. */
export function freeCancelUntil(start: Date, freeCancelHours: number): Date {
  return new Date(start.getTime() - freeCancelHours * 3_600_000);
}

/**
 * The cancellation policy in words: shown before paying and in every e-mail of the booking. With
 * `upToPence` above the deposit (any therapist, whose own prices differ), the amount is a range.
 */
export function depositPolicyText(
  depositPence: number,
  freeCancelHours: number,
  upToPence = depositPence,
): string {
  const amount =
    upToPence > depositPence
      ? `between ${formatPounds(depositPence / 100)} and ${formatPounds(upToPence / 100)}, depending on the therapist,`
      : formatPounds(depositPence / 100);
  const window =
    freeCancelHours === 0
      ? 'Cancel any time before your appointment'
      : `Cancel at least ${freeCancelHours} ${freeCancelHours === 1 ? 'hour' : 'hours'} before your appointment`;
  return `A deposit of ${amount} is paid by card to secure this booking. ${window} and it is refunded in full; after that, or if you do not come, the deposit is kept as a cancellation fee.`;
}
