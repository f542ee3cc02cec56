// zod/mini: the back office's customer screens check with these schemas in the browser too.
import type { DepositStatus } from './deposits.js';
import type { OrderPayment } from './order-payment.js';
import * as z from 'zod/mini';
import { multiLineText } from './text-rules.js';

/**
 * Customer records as the owner API answers them and the back office's forms send them (issue
 * 33, docs/decisions/0062-customer-records.md). Money is pence with its text beside it.
 */

export const customerNoteKinds = ['note', 'allergy', 'patch-test'] as const;
export type CustomerNoteKind = (typeof customerNoteKinds)[number];
export const patchTestResults = ['pass', 'fail'] as const;
export const maxCustomerNoteLength = 2000;
/** The most customers one search answers with. */
export const customerSearchLimit = 50;

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const customerSearchQuerySchema = z.object({
  search: z._default(
    z.string().check(z.trim(), z.maxLength(200, 'Please search with fewer words')),
    '',
  ),
});

export const customerIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .check(
      z.int('No such customer'),
      z.positive('No such customer'),
      z.lte(2_147_483_647, 'No such customer'),
    ),
});

/**
 * A note the owner or staff adds. A patch test names its day and its result; other kinds leave
 * both empty. Empty strings are what the form's blank fields send.
 */
export const addCustomerNoteSchema = z
  .object({
    kind: z.enum(customerNoteKinds, 'Choose note, allergy or patch test'),
    text: multiLineText(maxCustomerNoteLength),
    patchTestDate: z._default(z.string().check(z.trim()), ''),
    patchTestResult: z._default(z.enum(['', ...patchTestResults], 'Choose pass or fail'), ''),
    /** Issue 33: the treatment a patch test was for, as the select gives it; '' for not said. */
    patchTestTreatmentId: z._default(
      z.string().check(z.regex(/^\d{0,9}$/, 'Choose one of the treatments')),
      '',
    ),
  })
  .check(
    z.refine((note) => note.kind === 'patch-test' || note.text !== '', {
      error: 'Please write the note',
      path: ['text'],
    }),
    z.refine((note) => note.kind !== 'patch-test' || isCalendarDay(note.patchTestDate), {
      error: 'Give the day of the patch test',
      path: ['patchTestDate'],
    }),
    z.refine((note) => note.kind !== 'patch-test' || note.patchTestResult !== '', {
      error: 'Choose pass or fail',
      path: ['patchTestResult'],
    }),
  );
/** What the form holds. */
export type AddCustomerNote = z.input<typeof addCustomerNoteSchema>;
/** What the server stores, checked. */
export type NewCustomerNote = z.infer<typeof addCustomerNoteSchema>;

export const mergeCustomerSchema = z.object({
  otherId: z.number().check(z.int('Choose a customer'), z.positive('Choose a customer')),
});
export type MergeCustomer = z.infer<typeof mergeCustomerSchema>;

export interface CustomerSummary {
  id: number;
  name: string;
  email: string | null;
  telephone: string | null;
  lastActivityAt: string;
}

export interface CustomerBooking {
  id: number;
  reference: string | null;
  date: string;
  /** HH:mm local time. */
  time: string;
  status: string;
  treatments: string[];
  valuePence: number;
  valueText: string;
  /** Issue 36: the booking's deposit in pence and where it stands; null when none was asked. */
  deposit: { pence: number; refundedPence: number; status: DepositStatus } | null;
}

export interface CustomerOrder {
  orderNumber: string;
  status: string;
  createdAt: string;
  valuePence: number;
  valueText: string;
  /** Issue 36: the card payment, in pence; null for an order not paid by card. */
  payment: OrderPayment | null;
}

export interface CustomerNote {
  id: number;
  kind: CustomerNoteKind;
  text: string;
  patchTestDate: string | null;
  patchTestResult: 'pass' | 'fail' | null;
  /** The treatment the patch test was for (issue 33), when the owner said. */
  patchTestTreatment: string | null;
  createdAt: string;
}

/** The newest patch test done, and whether it still covers treatments today (issue 33). */
export interface CustomerPatchTest {
  date: string;
  result: 'pass' | 'fail';
  /** The last day a passed test covers (six months on). */
  validUntil: string;
  valid: boolean;
  treatment: string | null;
}

export interface CustomerTotals {
  /** Completed bookings and booked ones whose day has passed. */
  visits: number;
  /** The visits' values and every order not cancelled, in pence. */
  spendPence: number;
  spendText: string;
  noShows: number;
}

export interface CustomerDetail extends CustomerSummary {
  marketing: boolean;
  consentAt: string | null;
  consentSource: string | null;
  createdAt: string;
  /** Set when this record was merged into another one. */
  mergedInto: number | null;
  totals: CustomerTotals;
  bookings: CustomerBooking[];
  orders: CustomerOrder[];
  notes: CustomerNote[];
  /** Enquiries sent through the site's forms, newest first (decision 0066). */
  enquiries: CustomerEnquiry[];
  /** Issue 33: null when no patch test is recorded. */
  patchTest: CustomerPatchTest | null;
}

export interface CustomerEnquiry {
  at: string;
  /** contact | travel */
  form: string;
  subject: string;
}
