import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { BookingRules, VersionedBookingRules } from '@common/booking-rules';
import {
  changeCutoffHoursDefault,
  maxBookingMinutesDefault,
  maxBookingsPerEmailPerDayDefault,
  reminderHoursDefault,
} from '@common/booking-rule-defaults';
import type { Weekday } from '@common/client-config';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { EmptyState } from '@/manage/shared/empty-state';
import { diaryQueryKey, fetchRules, rulesQueryKey, saveRules } from './hours-api';

const dayNames: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};
// Written out, not taken from client-config: importing that module at run time would pull its
// zod schemas into the chunk every visitor form shares.
const weekOrder: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

type NumberRule = {
  [K in keyof BookingRules]-?: NonNullable<BookingRules[K]> extends number ? K : never;
}[keyof BookingRules];
const numberRules: { key: NumberRule; label: string }[] = [
  { key: 'capacity', label: 'Appointments at once (chairs)' },
  { key: 'leadMinutes', label: 'Lead time (minutes before an appointment)' },
  { key: 'horizonDays', label: 'Bookings open this many days ahead' },
  { key: 'bufferMinutes', label: 'Buffer after each appointment (minutes)' },
  { key: 'slotStepMinutes', label: 'Start times every (minutes)' },
];
// Issue 17: optional in the stored rules; the screen shows the default the server applies.
const lifecycleRules: { key: NumberRule; label: string; fallback: number }[] = [
  {
    key: 'changeCutoffHours',
    label: 'Customers can move or cancel online until (hours before)',
    fallback: changeCutoffHoursDefault,
  },
  {
    key: 'reminderHours',
    label: 'Reminder e-mail (hours before; 0 for none)',
    fallback: reminderHoursDefault,
  },
  {
    key: 'maxBookingMinutes',
    label: 'Longest booking online (minutes in total)',
    fallback: maxBookingMinutesDefault,
  },
  {
    key: 'maxBookingsPerEmailPerDay',
    label: 'Bookings one e-mail address can make for one day',
    fallback: maxBookingsPerEmailPerDayDefault,
  },
  {
    key: 'confirmNewCustomersMinutes',
    label: 'New customers confirm by e-mail within (minutes; 0 for no confirmation)',
    fallback: 0,
  },
];

function NumberField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        value={Number.isNaN(value) ? '' : value}
        onChange={(event) => onChange(event.target.valueAsNumber)}
      />
    </p>
  );
}

function ClosureAdder({ onAdd }: { onAdd: (from: string, to: string, reason: string) => void }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const ids = { from: useId(), to: useId(), reason: useId() };
  return (
    <fieldset>
      <legend>Add a closure</legend>
      <p>
        <label htmlFor={ids.from}>From</label>
        <input id={ids.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </p>
      <p>
        <label htmlFor={ids.to}>To (optional, for several days)</label>
        <input id={ids.to} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </p>
      <p>
        <label htmlFor={ids.reason}>Reason (optional)</label>
        <input
          id={ids.reason}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </p>
      <button
        type="button"
        className="button"
        disabled={!from}
        onClick={() => {
          onAdd(from, to || from, reason.trim());
          setFrom('');
          setTo('');
          setReason('');
        }}
      >
        Add the closure
      </button>
    </fieldset>
  );
}

function HoursForm({ saved }: { saved: VersionedBookingRules }) {
  const queries = useQueryClient();
  const [rules, setRules] = useState<BookingRules>(saved.rules);
  const change = (next: Partial<BookingRules>) => setRules((now) => ({ ...now, ...next }));
  const setDay = (day: Weekday, spans: BookingRules['weeklyHours'][Weekday]) =>
    setRules((now) => ({ ...now, weeklyHours: { ...now.weeklyHours, [day]: spans } }));
  const save = useMutation({
    mutationFn: () => saveRules({ version: saved.version, rules }),
    onSuccess: async (answer) => {
      queries.setQueryData(rulesQueryKey, answer);
      setRules(answer.rules);
      await queries.invalidateQueries({ queryKey: diaryQueryKey() });
    },
  });
  const changedElsewhere = save.error instanceof ApiError && save.error.status === 409;
  return (
    <form
      className="manage__form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <h2>Weekly hours</h2>
      <p>Several spans a day leave a break between them; no span means closed that day.</p>
      {weekOrder.map((day) => {
        const spans = rules.weeklyHours[day];
        return (
          <fieldset key={day}>
            <legend>{dayNames[day]}</legend>
            {spans.length === 0 && <p>Closed</p>}
            {spans.map((span, i) => (
              <p key={i} className="manage__span">
                <label>
                  Opens{' '}
                  <input
                    type="time"
                    value={span.start}
                    onChange={(e) =>
                      setDay(
                        day,
                        spans.map((s, j) => (j === i ? { ...s, start: e.target.value } : s)),
                      )
                    }
                  />
                </label>{' '}
                <label>
                  closes{' '}
                  <input
                    type="time"
                    value={span.end === '24:00' ? '23:59' : span.end}
                    onChange={(e) =>
                      setDay(
                        day,
                        spans.map((s, j) => (j === i ? { ...s, end: e.target.value } : s)),
                      )
                    }
                  />
                </label>{' '}
                <button
                  type="button"
                  className="button"
                  aria-label={`Remove ${dayNames[day]} ${span.start}–${span.end}`}
                  onClick={() =>
                    setDay(
                      day,
                      spans.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove
                </button>
              </p>
            ))}
            <button
              type="button"
              className="button"
              disabled={spans.length >= 6}
              onClick={() => {
                const last = spans.at(-1);
                const start = last ? last.end : '09:00';
                const end = start < '17:00' ? '17:00' : '23:00';
                setDay(day, [...spans, { start, end }]);
              }}
            >
              Add a span on {dayNames[day]}
            </button>
          </fieldset>
        );
      })}
      <h2>Closures</h2>
      {rules.closures.length === 0 ? (
        <EmptyState title="No closures">
          Closing for a holiday or a training day? Add it below, then save the hours: customers
          cannot book those days.
        </EmptyState>
      ) : (
        <ul className="manage__closures">
          {rules.closures.map((closure, i) => {
            const when =
              closure.from === closure.to ? closure.from : `${closure.from} to ${closure.to}`;
            return (
              <li key={`${closure.from}-${i}`}>
                {when}
                {closure.reason ? ` (${closure.reason})` : ''}{' '}
                <button
                  type="button"
                  className="button"
                  aria-label={`Remove the closure ${when}`}
                  onClick={() => change({ closures: rules.closures.filter((_, j) => j !== i) })}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ClosureAdder
        onAdd={(from, to, reason) =>
          change({
            closures: [...rules.closures, { from, to, ...(reason ? { reason } : {}) }].sort(
              (a, b) => a.from.localeCompare(b.from),
            ),
          })
        }
      />
      <h2>Booking rules</h2>
      {numberRules.map(({ key, label }) => (
        <NumberField
          key={key}
          label={label}
          value={rules[key] ?? Number.NaN}
          onChange={(value) => change({ [key]: value })}
        />
      ))}
      <h2>Changes, reminders and fair use</h2>
      <p>
        Online limits stop one person holding a whole day; you can still book longer or more by
        phone.
      </p>
      {lifecycleRules.map(({ key, label, fallback }) => (
        <NumberField
          key={key}
          label={label}
          value={rules[key] ?? fallback}
          onChange={(value) => change({ [key]: value })}
        />
      ))}
      {save.isError && (
        <p role="alert">
          {changedElsewhere
            ? 'These hours were changed elsewhere. Please reload the page and make your change again.'
            : save.error instanceof ApiError
              ? save.error.message
              : 'The hours could not be saved. Please try again.'}
        </p>
      )}
      <p role="status">{save.isSuccess ? 'Saved.' : ''}</p>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save the hours'}
      </button>
    </form>
  );
}

/** /manage/hours: weekly spans with breaks, closures, and the booking rules, saved with the version. */
export default function HoursPage() {
  const rules = useQuery({ queryKey: rulesQueryKey, queryFn: fetchRules, staleTime: 0 });
  return (
    <section className="manage__screen">
      <PageHeading title="Hours">Opening hours</PageHeading>
      {rules.isPending && <ScreenSkeleton shape="form" />}
      {rules.isError && <p role="alert">The hours could not be loaded. Please try again.</p>}
      {rules.data && <HoursForm saved={rules.data} />}
    </section>
  );
}
