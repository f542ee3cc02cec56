import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  calendarFeedFormSchema,
  staffIdOfChoice,
  type CalendarFeedEntry,
  type CalendarFeedForm,
  type CreatedCalendarFeed,
} from '@common/calendar-feeds';
import { FormErrorSummary } from '@/components/error-summary';
import { PageHeading } from '@/components/page-heading';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { ConfirmDialog } from '@/manage/shared/confirm-dialog';
import { EmptyState } from '@/manage/shared/empty-state';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { SelectField } from '@/manage/shared/select-field';
import {
  calendarFeedsQueryKey,
  createCalendarFeed,
  fetchCalendarFeeds,
  revokeCalendarFeed,
} from './calendar-feeds-api';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const feedName = (feed: Pick<CalendarFeedEntry, 'staffName'>) => feed.staffName ?? 'Whole salon';

/** The link just made: shown once (only its hash is kept), with a button to copy it. */
function NewLink({ created }: { created: CreatedCalendarFeed }) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied('Link copied.');
    } catch {
      // No clipboard (an old browser, or permission refused): select it for a manual copy.
      field.current?.select();
      setCopied('Select the link and copy it.');
    }
  };
  return (
    <section className="card calendar-feeds__new" aria-labelledby={`${fieldId}-heading`}>
      <h2 id={`${fieldId}-heading`}>Your new link: {feedName(created.feed)}</h2>
      <p>
        This is the only time the link is shown. Paste it into your calendar app now (Google
        Calendar: Other calendars, From URL; Apple Calendar: File, New Calendar Subscription;
        Outlook: Add calendar, Subscribe from web). If you lose it, make a new one and revoke this
        one.
      </p>
      <label htmlFor={fieldId}>Link</label>
      <input
        id={fieldId}
        ref={field}
        className="calendar-feeds__url"
        type="text"
        readOnly
        value={created.url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p>
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          Copy link
        </button>{' '}
        <span role="status">{copied}</span>
      </p>
    </section>
  );
}

function NewLinkForm({
  staff,
  salonLinkAllowed,
  onCreated,
}: {
  staff: ReadonlyArray<{ id: number; name: string }>;
  /** False for a staff account, whose links show its own bookings only. */
  salonLinkAllowed: boolean;
  onCreated: (created: CreatedCalendarFeed) => void;
}) {
  const queries = useQueryClient();
  const form = useForm<CalendarFeedForm>({
    resolver: zodResolver(calendarFeedFormSchema),
    mode: 'onSubmit',
    defaultValues: { staffId: salonLinkAllowed ? '' : String(staff[0]?.id ?? '') },
  });
  const { submit, failure } = useFormSubmit(form, {
    send: async ({ staffId }) => {
      onCreated(await createCalendarFeed({ staffId: staffIdOfChoice(staffId) }));
      await queries.invalidateQueries({ queryKey: calendarFeedsQueryKey });
    },
    savedText: 'New link made.',
    failedText: 'The link could not be made. Please try again.',
  });
  const busy = form.formState.isSubmitting;
  return (
    <form
      className="manage__form"
      noValidate
      aria-labelledby="calendar-feeds-new-heading"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="calendar-feeds-new-heading">New link</h2>
      <SelectField
        label="Bookings of"
        registration={form.register('staffId')}
        error={form.formState.errors.staffId}
        options={[
          ...(salonLinkAllowed ? [{ value: '', label: 'Whole salon' }] : []),
          ...staff.map((member) => ({ value: String(member.id), label: member.name })),
        ]}
      />
      <FormErrorSummary
        form={form}
        failure={failure}
        busy={busy}
        labels={{ staffId: 'Bookings of' }}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Making the link…' : 'Make a new link'}
      </button>
    </form>
  );
}

function RevokeButton({ feed }: { feed: CalendarFeedEntry }) {
  const queries = useQueryClient();
  const [asking, setAsking] = useState(false);
  const revoke = useMutation({
    mutationFn: () => revokeCalendarFeed(feed.id),
    onSuccess: async () => {
      showToast('saved', 'Link revoked.');
      await queries.invalidateQueries({ queryKey: calendarFeedsQueryKey });
    },
  });
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={revoke.isPending}
        onClick={() => setAsking(true)}
        aria-label={`Revoke the link: ${feedName(feed)}, made ${when.format(new Date(feed.createdAt))}`}
      >
        {revoke.isPending ? 'Revoking…' : 'Revoke…'}
      </button>
      {revoke.isError && (
        <span role="alert">
          {' '}
          {revoke.error instanceof ApiError ? revoke.error.message : 'Please try again.'}
        </span>
      )}
      <ConfirmDialog
        open={asking}
        title="Revoke this link?"
        text={`Calendars subscribed to it (${feedName(feed)}) stop getting bookings and drop them at their next refresh. This cannot be undone; you can make a new link.`}
        stayLabel="Keep it"
        goLabel="Revoke the link"
        onStay={() => setAsking(false)}
        onGo={() => {
          setAsking(false);
          revoke.mutate();
        }}
      />
    </>
  );
}

/**
 * /manage/calendar-feeds (issue 32): private calendar links for the whole salon or one therapist,
 * so the diary shows in Google Calendar, Apple Calendar or Outlook. A link is shown once, when it
 * is made; the list shows which links exist and revokes one.
 */
export default function CalendarFeedsPage() {
  const feeds = useQuery({
    queryKey: calendarFeedsQueryKey,
    queryFn: fetchCalendarFeeds,
    staleTime: 0,
  });
  const [created, setCreated] = useState<CreatedCalendarFeed | undefined>();
  const live = feeds.data?.feeds.filter((f) => f.revokedAt === null) ?? [];
  const revoked = feeds.data?.feeds.filter((f) => f.revokedAt !== null) ?? [];
  return (
    <section className="manage__screen">
      <PageHeading title="Calendar feeds">Calendar feeds</PageHeading>
      <p>
        A private link shows your bookings in your own calendar app, for the whole salon or one
        therapist, from a month back to as far ahead as people can book. Anyone with the link sees
        the bookings, customers’ names and phone numbers included: keep it private, and revoke it if
        it gets out. Calendar apps fetch it again every so often (Google Calendar can take several
        hours).
      </p>
      {feeds.isPending && <ScreenSkeleton />}
      {feeds.isError && <p role="alert">The links could not be loaded. Please try again.</p>}
      {feeds.data && (
        <>
          {created && <NewLink created={created} />}
          {feeds.data.salonLinkAllowed || feeds.data.staff.length > 0 ? (
            <NewLinkForm
              staff={feeds.data.staff}
              salonLinkAllowed={feeds.data.salonLinkAllowed}
              onCreated={setCreated}
            />
          ) : (
            <p>
              Your account is not linked to a therapist yet, so there are no bookings of yours to
              show. Please ask the business owner to link it on the Team screen.
            </p>
          )}
          <section aria-labelledby="calendar-feeds-live">
            <h2 id="calendar-feeds-live">Links in use ({live.length})</h2>
            {live.length === 0 ? (
              <EmptyState title="No links yet.">
                Make one above, then paste it into your calendar app.
              </EmptyState>
            ) : (
              <ol className="manage__cards">
                {live.map((feed) => (
                  <li key={feed.id} className="card">
                    <p className="manage__audit-what">{feedName(feed)}</p>
                    <p>
                      Made{' '}
                      <time dateTime={feed.createdAt}>{when.format(new Date(feed.createdAt))}</time>
                    </p>
                    <RevokeButton feed={feed} />
                  </li>
                ))}
              </ol>
            )}
          </section>
          {revoked.length > 0 && (
            <section aria-labelledby="calendar-feeds-revoked">
              <h2 id="calendar-feeds-revoked">Revoked ({revoked.length})</h2>
              <ol className="manage__cards">
                {revoked.map((feed) => (
                  <li key={feed.id} className="card">
                    <p className="manage__audit-what">{feedName(feed)}</p>
                    <p>
                      Made {when.format(new Date(feed.createdAt))}, revoked{' '}
                      <time dateTime={feed.revokedAt!}>
                        {when.format(new Date(feed.revokedAt!))}
                      </time>
                    </p>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </>
      )}
    </section>
  );
}
