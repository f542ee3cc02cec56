import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  bookingMessages,
  dobPlaceholder,
  formatLongDate,
  todayInTimeZone,
  type BookingCustomerForm,
  type CreateBookingPayload,
  type Treatment,
} from '@common/booking';
import { formatDuration, formatPounds } from '@common/money';
import { useClient } from '@/lib/client-context';
import { preloadable } from '@/lib/preloadable';
import { isNoAnswer, isRefusal } from '@/lib/api-errors';
import { LoadingLine } from '@/components/loading-line';
import { PageHeading } from '@/components/page-heading';
import {
  useActiveTreatments,
  useAvailableTimes,
  useCategories,
  useCreateBooking,
  useStaffList,
} from './booking-api';
import { pricingsOf, totalsRange } from '@common/therapist-prices';
import { keepTherapist, therapistsFor } from './therapist-choice';
import { TimeChooser } from './time-chooser';
import { TreatmentChooser } from './treatment-chooser';
import { useVisitorBookingRules } from './visitor-rules-api';
import './booking.css';
import { withQueryClient } from '@/lib/query-provider';

type Stage = 'choose' | 'details';

// Stage two's form brings react-hook-form and the schemas (about 21 KB gzipped), so it is a chunk
// of its own, fetched while the visitor is on stage one: it is there when they press Next.
const customerForm = preloadable(async () => (await import('./customer-form')).CustomerForm);
// The therapist choice (issue 32) and the staff list's schema: only a salon with staff needs them.
const therapistChooser = preloadable(async () => (await import('./therapist-chooser')).default);
const loadStaffParser = async () => (await import('./therapist-chooser')).staffListParser;
// Issue 33: only visitors choosing a treatment that needs a patch test load its explanation.
const patchTestNotice = preloadable(async () => (await import('./patch-test-notice')).default);

function NoOnlineBooking() {
  const client = useClient();
  return (
    <div className="page booking-page">
      <PageHeading>Book a treatment</PageHeading>
      <p>
        {client.title} does not take bookings online. Please <Link to="/contact">contact us</Link>{' '}
        and we will find a time that suits you.
      </p>
    </div>
  );
}

/**
 * The chosen treatments' count, price and time: as the chosen therapist does them, or for any
 * therapist from the lowest to the highest of those who could be given the booking (issue 32:
 * their own prices and lengths are what the server charges and books).
 */
function BookingTotals({ chosen, pricings }: { chosen: Treatment[]; pricings: Treatment[][] }) {
  const { low, high } = totalsRange(pricings);
  const spread = (from: string, to: string) => (from === to ? from : `${from} to ${to}`);
  return (
    <p className="booking-totals" aria-live="polite">
      {chosen.length === 0 ? (
        'No treatments chosen yet.'
      ) : (
        <>
          <span>
            {chosen.length} {chosen.length === 1 ? 'treatment' : 'treatments'}
          </span>
          <span>
            Total: <strong>{spread(formatPounds(low.price), formatPounds(high.price))}</strong>
          </span>
          <span>
            Time:{' '}
            <strong>{spread(formatDuration(low.minutes), formatDuration(high.minutes))}</strong>
          </span>
          {(low.price !== high.price || low.minutes !== high.minutes) && (
            <span>It depends on the therapist you are booked with.</span>
          )}
        </>
      )}
    </p>
  );
}

function BookingFlow() {
  const client = useClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const treatments = useActiveTreatments();
  const rules = useVisitorBookingRules();
  const createBooking = useCreateBooking();
  // A client without staff answers an empty list; if the list cannot be had, any therapist it is.
  const staff = useStaffList(loadStaffParser).data ?? [];

  const [stage, setStage] = useState<Stage>('choose');
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  // Issue 32: the chosen therapist (null: any), and why it went back to any when treatments changed.
  const [staffId, setStaffId] = useState<number | null>(null);
  const [therapistNote, setTherapistNote] = useState('');
  // Kept here, not in the form, so Back, a refusal or a lost connection never loses what was typed.
  const [customer, setCustomer] = useState<BookingCustomerForm | undefined>();
  // The server's reason for refusing the last Book; shown on the stage where it can be acted on.
  const [refusal, setRefusal] = useState('');
  const [noAnswer, setNoAnswer] = useState('');
  const submitting = useRef(false);
  const stageHeading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const chosen = (treatments.data ?? []).filter((t) => selectedIds.includes(t.ID));
  const totalPrice = chosen.reduce((sum, t) => sum + t.Price, 0);
  const totalDuration = chosen.reduce((sum, t) => sum + t.Duration, 0);
  const chosenIds = chosen.map((t) => t.ID);
  const therapists = therapistsFor(staff, chosenIds);
  const therapist = staff.find((m) => m.id === staffId);
  // As the server will price and time them: the chosen therapist's way, or each possible one's.
  const pricings = pricingsOf(chosen, therapist ? [therapist] : therapists);
  const chosenAsDone = therapist ? pricings[0]! : chosen;
  const times = useAvailableTimes(date, totalDuration, chosenIds, staffId);
  const timeOffered = time !== '' && (times.data ?? []).includes(time);
  const ready = chosen.length > 0 && date !== '' && timeOffered;

  useEffect(() => {
    void customerForm.preload();
  }, []);

  // Moving between stages puts focus on the new stage's heading, so it is announced.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stageHeading.current?.focus();
  }, [stage]);

  const toggleTreatment = (id: number) =>
    chooseTreatments(
      selectedIds.includes(id) ? selectedIds.filter((i) => i !== id) : [...selectedIds, id],
    );
  const chooseTreatments = (ids: number[]) => {
    setSelectedIds(ids);
    setTime('');
    const kept = keepTherapist(staff, staffId, ids);
    setStaffId(kept.staffId);
    setTherapistNote(kept.note);
  };
  const chooseTherapist = (next: number | null) => {
    setStaffId(next);
    setTherapistNote('');
    setTime('');
  };
  const changeDate = (next: string) => {
    setDate(next);
    setTime('');
  };

  const book = async (typed: BookingCustomerForm) => {
    if (submitting.current) return; // a double click books once
    submitting.current = true;
    setCustomer(typed);
    setRefusal('');
    setNoAnswer('');
    const payload: CreateBookingPayload = {
      ...(staffId !== null ? { staffId } : {}),
      totalPrice,
      totalDuration,
      startTime: `${date} ${time}:00`,
      endTime: `${date} 12:00:00`,
      customer: {
        name: typed.name,
        dob: dobPlaceholder,
        telephone: typed.telephone,
        email: typed.email,
        doorNo: typed.doorNo,
        postCode: typed.postCode,
        gdprConsent: true,
        gift: false,
        marketing: typed.marketing,
      },
      treatments: chosen,
    };
    let booked = false;
    try {
      const booking = await createBooking.mutateAsync(payload);
      queryClient.removeQueries({ queryKey: ['booking', 'times'] });
      queryClient.removeQueries({ queryKey: ['booking', 'free-days'] });
      // Booked, and on its way to the booked screen: a late second click must not book again.
      booked = true;
      void navigate('/booking/booked', { state: { booking } });
    } catch (error) {
      // No answer: nothing changed that we know of; the form stays, with Try again.
      if (isNoAnswer(error)) {
        setNoAnswer(error.message);
        return;
      }
      queryClient.removeQueries({ queryKey: ['booking', 'free-days'] });
      void queryClient.resetQueries({ queryKey: ['booking', 'times'] });
      // A refusal on purpose says why, and everything chosen and typed stays (issue 29). A time
      // taken meanwhile (409) or treatments too long (422) are changed on the first stage; a
      // limit (429) is waited out on this one.
      if (isRefusal(error)) {
        setRefusal(error.message);
        if (error.status === 409) setTime('');
        if (error.status !== 429) setStage('choose');
        return;
      }
      console.error(
        `${bookingMessages.bookingFailed}: ${error instanceof Error ? error.message : String(error)}`,
      );
      void navigate('/order/fail');
    } finally {
      if (!booked) submitting.current = false;
    }
  };

  if (categories.isPending || treatments.isPending || rules.isPending) {
    return (
      <div className="page booking-page">
        <PageHeading>Book a treatment</PageHeading>
        <LoadingLine>Loading the treatments…</LoadingLine>
      </div>
    );
  }
  if (categories.isError || treatments.isError || rules.isError) {
    return (
      <div className="page booking-page">
        <PageHeading>Book a treatment</PageHeading>
        <p role="alert" className="booking-error">
          We could not load the treatments just now. Please reload the page, or{' '}
          <Link to="/contact">contact us</Link> to book.
        </p>
      </div>
    );
  }

  return (
    <div className="page booking-page">
      <PageHeading>Book a treatment</PageHeading>

      {stage === 'choose' ? (
        <section aria-labelledby="booking-stage-heading" className="booking-stage">
          <h2 id="booking-stage-heading" ref={stageHeading} tabIndex={-1}>
            Step 1 of 2: choose treatments, a date and a time
          </h2>
          {refusal && (
            <p className="booking-refusal" role="alert">
              {refusal}
            </p>
          )}
          <div className="booking-columns">
            <div>
              <h3 className="booking-subheading">Treatments</h3>
              <TreatmentChooser
                categories={categories.data}
                treatments={treatments.data}
                selectedIds={selectedIds}
                onToggle={toggleTreatment}
              />
            </div>
            <div className="booking-side">
              <BookingTotals chosen={chosen} pricings={pricings} />
              {chosen.some((t) => t.PatchTestHours) && (
                <Suspense fallback={null}>
                  <patchTestNotice.Component
                    chosen={chosen}
                    treatments={treatments.data}
                    onChoose={(ids) => {
                      setRefusal('');
                      chooseTreatments(ids);
                    }}
                  />
                </Suspense>
              )}
              {staff.length > 0 && chosen.length > 0 && (
                <Suspense fallback={<LoadingLine>Loading the therapists…</LoadingLine>}>
                  <therapistChooser.Component
                    therapists={therapists}
                    staffId={staffId}
                    onChange={chooseTherapist}
                    note={therapistNote}
                  />
                </Suspense>
              )}
              <h3 className="booking-subheading">Date and time</h3>
              <TimeChooser
                minDate={todayInTimeZone(client.timeZone)}
                horizonDays={rules.data.horizonDays}
                date={date}
                durationMinutes={totalDuration}
                treatmentIds={chosenIds}
                staffId={staffId}
                time={time}
                onDateChange={changeDate}
                onTimeChange={setTime}
                times={times}
              />
              <button
                type="button"
                className="booking-button booking-button--wide"
                disabled={!ready}
                aria-describedby={ready ? undefined : 'booking-next-hint'}
                onClick={() => {
                  setRefusal('');
                  setStage('details');
                }}
              >
                Next
              </button>
              {!ready && (
                <p id="booking-next-hint" className="booking-hint">
                  Choose at least one treatment, a date and a time to continue.
                </p>
              )}
            </div>
          </div>
        </section>
      ) : (
        <section aria-labelledby="booking-stage-heading" className="booking-stage">
          <h2 id="booking-stage-heading" ref={stageHeading} tabIndex={-1}>
            Step 2 of 2: your details
          </h2>
          <div className="booking-columns booking-columns--details">
            <Suspense fallback={<LoadingLine>Loading the form…</LoadingLine>}>
              <customerForm.Component
                pending={createBooking.isPending}
                failure={refusal}
                initial={customer}
                noAnswer={noAnswer}
                onBack={(typed) => {
                  setCustomer(typed);
                  setNoAnswer('');
                  setStage('choose');
                }}
                onBook={(typed) => void book(typed)}
                pricings={pricings}
              />
            </Suspense>
            <div className="booking-side booking-recap">
              <h3 id="booking-recap-heading" className="booking-subheading">
                Your booking
              </h3>
              <p>
                {formatLongDate(date)} at {time}
              </p>
              {staff.length > 0 && <p>With {therapist ? therapist.name : 'any therapist'}</p>}
              <ul>
                {chosenAsDone.map((t) => (
                  <li key={t.ID}>
                    {t.Name} ({formatDuration(t.Duration)}, {formatPounds(t.Price)})
                  </li>
                ))}
              </ul>
              <BookingTotals chosen={chosen} pricings={pricings} />
            </div>
          </div>
        </section>
      )}
    </div>
  );
}

/** /booking: the two-stage treatment booking (spec section 4). */
function BookingPage() {
  const client = useClient();
  return client.booking ? <BookingFlow /> : <NoOnlineBooking />;
}

export default withQueryClient(BookingPage);
