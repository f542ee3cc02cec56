import { addDays, bookingMessages, formatLongDate } from '@common/booking';
import type { useAvailableTimes } from './booking-api';
import { FreeDayCalendar } from './free-day-calendar';

interface TimeChooserProps {
  minDate: string;
  horizonDays: number;
  date: string;
  durationMinutes: number;
  /** The chosen treatments: a salon with staff offers only days and times someone does them all. */
  treatmentIds?: readonly number[];
  /** The chosen therapist (issue 32); null or absent for any therapist. */
  staffId?: number | null;
  time: string;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  times: ReturnType<typeof useAvailableTimes>;
}

/**
 * The month of free days, the date field (the spec's: minimum today; the calendar fills it in,
 * and a date can still be typed) and, once treatments and a date are chosen, the free start times.
 */
export function TimeChooser({
  minDate,
  horizonDays,
  date,
  durationMinutes,
  treatmentIds,
  staffId = null,
  time,
  onDateChange,
  onTimeChange,
  times,
}: TimeChooserProps) {
  return (
    <div className="booking-when">
      <FreeDayCalendar
        durationMinutes={durationMinutes}
        treatmentIds={treatmentIds}
        staffId={staffId}
        today={minDate}
        lastDate={addDays(minDate, horizonDays)}
        selected={date}
        onSelect={onDateChange}
      />
      <div className="booking-field">
        <label htmlFor="booking-date">Date</label>
        <input
          id="booking-date"
          type="date"
          min={minDate}
          max={addDays(minDate, horizonDays)}
          value={date}
          onChange={(event) => onDateChange(event.target.value)}
          aria-describedby="booking-date-hint"
        />
        <p id="booking-date-hint" className="booking-hint">
          Choose a day in the calendar, or type one from today up to {horizonDays} days ahead.
        </p>
      </div>

      <div className="booking-times">
        {/* Status changes are announced; the list of times itself is not read out each time. */}
        <div role="status">
          {durationMinutes === 0 ? (
            <p className="booking-hint">
              Choose at least one treatment to see the available times.
            </p>
          ) : date === '' ? (
            <p className="booking-hint">Choose a date to see the available times.</p>
          ) : times.isPending ? (
            <p className="booking-hint">Looking for available times…</p>
          ) : times.isSuccess && times.data.length === 0 ? (
            <p className="booking-notice">{bookingMessages.noTimes}</p>
          ) : times.isSuccess ? (
            <p className="visually-hidden">
              {times.data.length} start {times.data.length === 1 ? 'time' : 'times'} available
            </p>
          ) : null}
        </div>
        {durationMinutes > 0 && date !== '' && times.isError && (
          <p role="alert" className="booking-error">
            {times.error.message}
          </p>
        )}
        {durationMinutes > 0 && date !== '' && times.isSuccess && times.data.length > 0 && (
          <fieldset className="booking-time-options">
            <legend>Available times on {formatLongDate(date)}</legend>
            <div className="booking-time-grid">
              {times.data.map((option) => (
                <div key={option} className="booking-time-option">
                  <input
                    type="radio"
                    id={`booking-time-${option}`}
                    name="booking-time"
                    value={option}
                    checked={time === option}
                    onChange={() => onTimeChange(option)}
                  />
                  <label htmlFor={`booking-time-${option}`}>{option}</label>
                </div>
              ))}
            </div>
          </fieldset>
        )}
      </div>
    </div>
  );
}
