import { useSearchParams } from 'react-router';
import { AddBookingForm } from './add-booking-form';
import { BookingView } from './booking-view';
import { DiaryList } from './diary-list';

/*
 * The diary screen, one file per view: diary-list.tsx (a day or a week, with the search box),
 * booking-view.tsx (one booking, with booking-status-buttons.tsx and cancel-booking-form.tsx),
 * add-booking-form.tsx (a phone or walk-in booking, its values in add-booking-values.ts). The day
 * is a grid per therapist (diary-day-grid.tsx, its arithmetic in diary-grid-layout.ts), the week
 * and search results cards (booking-card.tsx), totals in diary-totals.tsx, search in
 * diary-search.tsx, styles in diary-views.css (decision 0059). The forms are on the one form kit
 * (lib/form-kit.ts).
 */

/**
 * /manage/diary: a day (today first) or a week; ?q=… searches; ?staff=ID picks the therapist on a
 * phone; ?booking=ID shows one; ?add=1 adds one.
 */
export default function DiaryPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('booking'));
  if (Number.isInteger(id) && id > 0) return <BookingView id={id} />;
  if (params.get('add')) return <AddBookingForm />;
  return <DiaryList />;
}
