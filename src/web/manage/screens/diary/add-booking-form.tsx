import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { todayInTimeZone } from '@common/booking';
import { ownerBookingFormSchema, type OwnerBookingForm } from '@common/diary';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useClient } from '@/lib/client-context';
import { useFormSubmit } from '@/lib/form-kit';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { chosenDuration, emptyBookingForm, ownerBookingRequestOf } from './add-booking-values';
import { pounds } from './booking-display';
import { SelectField } from '@/manage/shared/select-field';
import {
  addBooking,
  diaryQueryKey,
  fetchFreeTimes,
  fetchMenu,
  fetchStaffList,
  menuQueryKey,
  staffListQueryKey,
} from './diary-api';

type Checked = z.output<typeof ownerBookingFormSchema>;

const labels: Record<string, string> = {
  treatmentIds: 'Treatments',
  date: 'Date',
  time: 'Time',
  'customer.name': "Customer's name",
  'customer.telephone': 'Phone',
  'customer.email': 'E-mail',
  staffId: 'Therapist',
};

const takenMessage = 'That time has just been taken. Please choose another time.';

/** ?add=1: a booking taken by phone or at the door, on the one form kit. */
export function AddBookingForm() {
  const client = useClient();
  const queries = useQueryClient();
  const [, setParams] = useSearchParams();
  const today = todayInTimeZone(client.timeZone);
  const menu = useQuery({ queryKey: menuQueryKey, queryFn: fetchMenu, staleTime: 60_000 });
  const form = useForm<OwnerBookingForm, unknown, Checked>({
    resolver: zodResolver(ownerBookingFormSchema),
    mode: 'onSubmit',
    defaultValues: emptyBookingForm(today),
  });
  const leaveFreely = useUnsavedChanges(form.formState.isDirty);
  const treatments = (menu.data?.treatments ?? []).filter((t) => t.active);
  // eslint-disable-next-line react-hooks/incompatible-library -- watch: as the hours screen says
  const [date, chosen, staffChoice] = form.watch(['date', 'treatmentIds', 'staffId']);
  const duration = chosenDuration(treatments, chosen ?? []);
  const chosenIds = (chosen ?? []).map(Number);
  // Issue 32: the therapists who perform every chosen treatment; none for a salon without staff.
  const staffList = useQuery({
    queryKey: staffListQueryKey,
    queryFn: fetchStaffList,
    staleTime: 60_000,
  });
  const therapists = (staffList.data ?? []).filter((member) =>
    chosenIds.every((id) => member.treatmentIds.includes(id)),
  );
  const staffId = staffChoice ? Number(staffChoice) : undefined;
  const times = useQuery({
    queryKey: ['manage', 'free-times', date, duration, chosenIds.join(','), staffId ?? 'any'],
    queryFn: () => fetchFreeTimes(date, duration, chosenIds, staffId),
    enabled: duration > 0 && date !== '',
    staleTime: 0,
  });
  const { submit, failure } = useFormSubmit(form, {
    send: async (values) => {
      const booking = await addBooking(ownerBookingRequestOf(values));
      await queries.invalidateQueries({ queryKey: diaryQueryKey() });
      // Booked: what was typed is saved, so moving on to the booking asks nothing.
      leaveFreely();
      setParams({ booking: String(booking.id) });
    },
    savedText: 'Booking added.',
    failedText: 'The booking could not be saved. Please try again.',
    onFailure: (error) => {
      void times.refetch();
      if (!(error instanceof ApiError && error.status === 409)) return false;
      // Someone booked that time first: the time box says so, everything else stays.
      form.setValue('time', '');
      form.setError('time', { type: 'server', message: takenMessage });
      showToast('failed', takenMessage);
      return true;
    },
  });
  const errors = form.formState.errors;
  const dateField = form.register('date');
  return (
    <section className="manage__screen">
      <p>
        <Link to=".">← Diary</Link>
      </p>
      <PageHeading title="Add a booking">Add a booking</PageHeading>
      <form className="manage__form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset aria-invalid={errors.treatmentIds ? true : undefined}>
          <legend>Treatments</legend>
          {menu.isPending && <ScreenSkeleton shape="form" />}
          {treatments.map((t) => (
            <p key={t.id}>
              <label className="manage__check">
                <input
                  type="checkbox"
                  value={String(t.id)}
                  {...form.register('treatmentIds', {
                    onChange: () => {
                      form.setValue('time', '');
                      // A therapist who does not perform a newly chosen treatment: any again.
                      const ids = form.getValues('treatmentIds').map(Number);
                      const member = staffList.data?.find(
                        (m) => String(m.id) === form.getValues('staffId'),
                      );
                      if (member && !ids.every((id) => member.treatmentIds.includes(id))) {
                        form.setValue('staffId', '');
                      }
                    },
                  })}
                />{' '}
                {t.name} ({t.duration} min, {pounds.format(t.price)})
              </label>
            </p>
          ))}
          {errors.treatmentIds?.message && (
            <p className="form-field__error" role="alert">
              {errors.treatmentIds.message}
            </p>
          )}
        </fieldset>
        {(staffList.data?.length ?? 0) > 0 && (
          <SelectField
            label="Therapist"
            registration={form.register('staffId', {
              onChange: () => form.setValue('time', ''),
            })}
            error={errors.staffId}
            options={[
              { value: '', label: 'Any therapist' },
              ...therapists.map((member) => ({ value: String(member.id), label: member.name })),
            ]}
          />
        )}
        <FormField
          label="Date"
          type="date"
          required
          registration={{
            ...dateField,
            onChange: async (event) => {
              form.setValue('time', '');
              await dateField.onChange(event);
            },
          }}
          error={errors.date}
        />
        <SelectField
          label="Time"
          required
          registration={form.register('time')}
          error={errors.time}
          options={[
            {
              value: '',
              label:
                duration === 0
                  ? 'Choose treatments first'
                  : times.data?.length === 0
                    ? 'No free time that day'
                    : 'Choose…',
            },
            ...(times.data ?? []).map((t) => ({ value: t, label: t })),
          ]}
        />
        <SelectField
          label="Booked by"
          registration={form.register('source')}
          error={errors.source}
          options={[
            { value: 'phone', label: 'Phone' },
            { value: 'walk-in', label: 'Walk-in' },
          ]}
        />
        <FormField
          label="Customer's name"
          required
          registration={form.register('customer.name')}
          error={errors.customer?.name}
        />
        <FormField
          label="Phone (optional)"
          type="tel"
          registration={form.register('customer.telephone')}
          error={errors.customer?.telephone}
        />
        <FormField
          label="E-mail (optional: they get a confirmation)"
          type="email"
          registration={form.register('customer.email')}
          error={errors.customer?.email}
        />
        <FormErrorSummary form={form} failure={failure} labels={labels} />
        <button
          type="submit"
          className="button button--primary"
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? 'Saving…' : 'Add the booking'}
        </button>
      </form>
    </section>
  );
}
