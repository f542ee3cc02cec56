import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { bookingSearchQuerySchema, type BookingSearchQuery } from '@common/diary';
import { FormField } from '@/components/form-field';
import { EmptyState } from '@/manage/shared/empty-state';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { BookingCard } from './booking-card';
import { problem } from './booking-display';
import { bookingSearchQueryKey, searchBookings } from './diary-api';

type SearchValues = z.input<typeof bookingSearchQuerySchema>;

/**
 * The diary's search box (issue 32), on the form kit's schema: at least two characters, checked
 * on the field; the search itself goes in the address (?q=), so Back returns to the results.
 */
export function DiarySearchBox() {
  const [params, setParams] = useSearchParams();
  const form = useForm<SearchValues, unknown, BookingSearchQuery>({
    resolver: zodResolver(bookingSearchQuerySchema),
    mode: 'onSubmit',
    values: { q: params.get('q') ?? '' },
  });
  const find = form.handleSubmit(({ q }) => setParams({ q }));
  return (
    <form
      role="search"
      aria-label="Find a booking"
      className="diary-search"
      noValidate
      onSubmit={(event) => void find(event)}
    >
      <FormField
        label="Find a booking"
        hint="A name, e-mail address, phone number or booking reference"
        registration={form.register('q')}
        error={form.formState.errors.q}
      />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}

/** What the search found: the client's bookings, newest first, each a link to it. */
export function DiarySearchResults({ q }: { q: string }) {
  const results = useQuery({
    queryKey: bookingSearchQueryKey(q),
    queryFn: () => searchBookings(q),
    staleTime: 0,
    retry: false,
  });
  return (
    <section aria-labelledby="diary-search-results" className="manage__diary-day">
      <h2 id="diary-search-results">Bookings found for “{q}”</h2>
      <p>
        <Link to=".">Back to the diary</Link>
      </p>
      {results.isPending && <ScreenSkeleton />}
      {results.isError && (
        <p role="alert">{problem(results.error, 'The search failed. Please try again.')}</p>
      )}
      {results.data &&
        (results.data.bookings.length === 0 ? (
          <EmptyState title="No bookings found">
            Try part of the name, the e-mail address, the phone number or the reference.
          </EmptyState>
        ) : (
          <>
            <p role="status">
              {results.data.more
                ? `The newest ${results.data.bookings.length} bookings found; type more to narrow the search.`
                : `${results.data.bookings.length} ${results.data.bookings.length === 1 ? 'booking' : 'bookings'} found.`}
            </p>
            <ol className="manage__cards">
              {results.data.bookings.map((booking) => (
                <BookingCard key={booking.id} booking={booking} withDate />
              ))}
            </ol>
          </>
        ))}
    </section>
  );
}
