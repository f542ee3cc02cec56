import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { markableStatuses, type DiaryBooking, type MarkableStatus } from '@common/diary';
import { showToast } from '@/components/toast';
import { useClient } from '@/lib/client-context';
import { problem, statusLabels } from './booking-display';
import { bookingQueryKey, diaryQueryKey, setBookingStatus } from './diary-api';
import { hasStarted } from './diary-grid-layout';

/**
 * Marking a booking (issue 32): Booked, Completed or No-show as one row of toggle buttons, the
 * current one pressed, so a mistake is undone by pressing Booked; offered once the start has
 * passed (the server refuses before). Focus stays on the button pressed; a toast says what
 * happened, and a refusal says why.
 */
export function BookingStatusButtons({ booking }: { booking: DiaryBooking }) {
  const client = useClient();
  const queries = useQueryClient();
  const headingId = useId();
  const mark = useMutation({
    mutationFn: (status: MarkableStatus) => setBookingStatus(booking.id, status),
    onSuccess: async (updated) => {
      queries.setQueryData(bookingQueryKey(booking.id), updated);
      showToast('saved', `Marked ${statusLabels[updated.status].toLowerCase()}.`);
      await queries.invalidateQueries({ queryKey: diaryQueryKey() });
      await queries.invalidateQueries({ queryKey: ['manage', 'booking-search'] });
    },
    onError: (error) =>
      showToast('failed', problem(error, 'The status could not be saved. Please try again.')),
  });
  const current = booking.status;
  if (!(markableStatuses as readonly string[]).includes(current)) return null;
  return (
    <section aria-labelledby={headingId} className="diary-mark">
      <h2 id={headingId}>Mark the booking</h2>
      {hasStarted(booking, client.timeZone) ? (
        <div className="manage__segmented" role="group" aria-labelledby={headingId}>
          {markableStatuses.map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={current === status}
              aria-disabled={mark.isPending || undefined}
              onClick={() => {
                if (!mark.isPending && current !== status) mark.mutate(status);
              }}
            >
              {statusLabels[status]}
            </button>
          ))}
        </div>
      ) : (
        <p>You can mark it completed or a no-show once it has started, at {booking.start}.</p>
      )}
    </section>
  );
}
