import type { DiaryBooking } from '@common/diary';
import { ApiError } from '@/lib/api-client';

/** What the diary's views share: money, a failed load's message, and a customer's contact links. */

export const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export const problem = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

export function Contact({ booking }: { booking: DiaryBooking }) {
  const { telephone, email } = booking.customer;
  return (
    <>
      {telephone && <a href={`tel:${telephone.replace(/\s+/g, '')}`}>{telephone}</a>}
      {telephone && email && ' · '}
      {email && <a href={`mailto:${email}`}>{email}</a>}
    </>
  );
}
