import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { moveBookingFormSchema, type DiaryBooking, type MoveBookingForm } from '@common/diary';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { SelectField } from '@/manage/shared/select-field';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import {
  bookingQueryKey,
  diaryQueryKey,
  fetchMoveOptions,
  moveBooking,
  moveOptionsQueryKey,
} from './diary-api';

type Checked = z.output<typeof moveBookingFormSchema>;

const labels: Record<string, string> = { date: 'Date', time: 'Time', staffId: 'Therapist' };

/**
 * Moving a booking to another time, day or therapist (issue 32), on the one form kit. The times
 * offered are the booking's own free starts (the server leaves the booking's place out and asks
 * no lead time of the owner), as the add-booking form offers free times. A time taken meanwhile
 * (409) is said on the time box and every choice stays as it was; the customer is e-mailed.
 */
export function MoveBookingForm({ booking }: { booking: DiaryBooking }) {
  const queries = useQueryClient();
  const initial: MoveBookingForm = {
    date: booking.date,
    time: '',
    staffId: booking.staff ? String(booking.staff.id) : '',
  };
  const form = useForm<MoveBookingForm, unknown, Checked>({
    resolver: zodResolver(moveBookingFormSchema),
    mode: 'onSubmit',
    defaultValues: initial,
  });
  useUnsavedChanges(form.formState.isDirty);
  /** The time refused as just taken: still shown as chosen, so nothing the owner picked is lost. */
  const [taken, setTaken] = useState<string | undefined>();
  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as the hours screen says
  const [date, staffId] = form.watch(['date', 'staffId']);
  const options = useQuery({
    queryKey: moveOptionsQueryKey(booking.id, date, staffId),
    queryFn: () => fetchMoveOptions(booking.id, date, staffId),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 0,
    retry: false,
  });
  const times = options.data?.times ?? [];
  const staff = options.data?.staff ?? [];
  const { submit, failure } = useFormSubmit(form, {
    send: async (values) => {
      const moved = await moveBooking(booking.id, {
        startTime: `${values.date} ${values.time}:00`,
        ...(values.staffId ? { staffId: Number(values.staffId) } : {}),
      });
      setTaken(undefined);
      form.reset({
        date: moved.date,
        time: '',
        staffId: moved.staff ? String(moved.staff.id) : '',
      });
      queries.setQueryData(bookingQueryKey(booking.id), moved);
      await queries.invalidateQueries({ queryKey: diaryQueryKey() });
    },
    savedText: 'Booking moved. The customer is e-mailed the new time.',
    failedText: 'The booking could not be moved. Please try again.',
    issueNames: { startTime: 'time' },
    onFailure: (error) => {
      void options.refetch();
      if (!(error instanceof ApiError && error.status === 409 && error.issues.length > 0)) {
        return false;
      }
      // Someone took the time first: the time box says so, every choice stays.
      setTaken(form.getValues('time'));
      form.setError('time', { type: 'server', message: error.message });
      showToast('failed', error.message);
      return true;
    },
  });
  const errors = form.formState.errors;
  const dateField = form.register('date');
  const staffField = form.register('staffId');
  const clearTime = () => {
    setTaken(undefined);
    form.setValue('time', '');
  };
  const timeOptions = [
    ...times.map((t) => ({ value: t, label: t })),
    ...(taken && !times.includes(taken) ? [{ value: taken, label: `${taken} (just taken)` }] : []),
  ].sort((a, b) => a.value.localeCompare(b.value));
  const busy = form.formState.isSubmitting;
  return (
    <form
      className="manage__form"
      noValidate
      aria-labelledby="move-booking-heading"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="move-booking-heading">Move this booking</h2>
      <FormField
        label="New date"
        type="date"
        required
        registration={{
          ...dateField,
          onChange: async (event) => {
            clearTime();
            await dateField.onChange(event);
          },
        }}
        error={errors.date}
      />
      {staff.length > 0 && (
        <SelectField
          label="Therapist"
          registration={{
            ...staffField,
            onChange: async (event) => {
              clearTime();
              await staffField.onChange(event);
            },
          }}
          error={errors.staffId}
          options={[
            ...(booking.staff ? [] : [{ value: '', label: 'Any free therapist' }]),
            ...staff.map((m) => ({ value: String(m.id), label: m.name })),
          ]}
        />
      )}
      <SelectField
        label="New time"
        required
        registration={form.register('time', { onChange: () => setTaken(undefined) })}
        error={errors.time}
        options={[
          {
            value: '',
            label: options.isPending
              ? 'Finding free times…'
              : times.length === 0
                ? 'No free time that day'
                : 'Choose…',
          },
          ...timeOptions,
        ]}
      />
      {options.isError && (
        <p role="alert">
          {options.error instanceof ApiError
            ? options.error.message
            : 'The free times could not be loaded.'}
        </p>
      )}
      <p>The customer is e-mailed the new time with an updated calendar entry.</p>
      <FormErrorSummary form={form} failure={failure} busy={busy} labels={labels} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Moving…' : 'Move the booking'}
      </button>
    </form>
  );
}
