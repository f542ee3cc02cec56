import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  maxReplyLength,
  reviewFieldsSchema,
  reviewReplyFieldsSchema,
  type ManagedReview,
  type ReviewFields,
  type ReviewReplyFields,
} from '@common/reviews';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { showToast } from '@/components/toast';
import { useFormSubmit } from '@/lib/form-kit';
import { DraftNotice } from '@/manage/shared/draft-notice';
import { EmptyState } from '@/manage/shared/empty-state';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { SelectField } from '@/manage/shared/select-field';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { useFormDraft } from '@/manage/shared/use-form-draft';
import { useVersionConflict } from '@/manage/shared/use-version-conflict';
import { diffVersions } from '@/manage/shared/version-diff';
import {
  emptyReviewValues,
  isReviewFormValues,
  reviewFieldLabels,
  reviewFormValuesOf,
  reviewSchemaInputOf,
  starOptions,
  statusLabels,
  type ReviewFormValues,
} from './review-form-values';
import {
  addReview,
  fetchManagedReview,
  fetchManagedReviews,
  reviewsQueryKey,
  saveReply,
  saveReview,
  saveReviewOrder,
  setReviewStatus,
} from './reviews-api';
import { ReviewAskingSection } from './review-asking-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { schemaResolver } from '@/lib/schema-resolver';

/** The shared schema over the form's values: the stars box holds text, the send gets a number. */
const reviewResolver = schemaResolver(reviewFieldsSchema, reviewSchemaInputOf);

function putInList(queries: QueryClient, review: ManagedReview): void {
  queries.setQueryData<ManagedReview[]>(reviewsQueryKey, (list) =>
    list?.map((r) => (r.id === review.id ? review : r)),
  );
}

/** The name, stars and words of a review on the form kit; an edit is versioned and kept as a draft. */
function ReviewFieldsForm({
  review,
  onDone,
}: {
  /** undefined: a new review, added published. */
  review?: ManagedReview;
  onDone: () => void;
}) {
  const queries = useQueryClient();
  const start = review ? reviewFormValuesOf(review) : emptyReviewValues;
  const form = useForm<ReviewFormValues, unknown, ReviewFields>({
    resolver: reviewResolver,
    mode: 'onSubmit',
    defaultValues: start,
  });
  const draft = useFormDraft(form, {
    screen: 'reviews',
    record: review ? String(review.id) : 'new',
    version: review?.version ?? 0,
    isValues: isReviewFormValues,
  });
  const conflict = useVersionConflict<ManagedReview>();
  const leaveFreely = useUnsavedChanges(form.formState.isDirty);
  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async (fields) => {
      if (!review) {
        await addReview(fields);
        await queries.invalidateQueries({ queryKey: reviewsQueryKey });
        form.reset(emptyReviewValues);
        draft.forget(0);
      } else {
        const version = conflict.versionToSend(Number(draft.baseVersion));
        const saved = await saveReview(review.id, fields, version);
        putInList(queries, saved);
        form.reset(reviewFormValuesOf(saved));
        draft.forget(saved.version);
      }
      conflict.clear();
      leaveFreely();
      onDone();
    },
    savedText: review ? 'Saved. The reviews page shows the change now.' : 'Added and published.',
    failedText: 'The review could not be saved. Please try again.',
    onFailure: (error) =>
      review !== undefined &&
      conflict.onConflict(
        error,
        () => fetchManagedReview(review.id),
        (message) => setFailure(message),
      ),
  });
  const errors = form.formState.errors;
  return (
    <form
      className="manage__form reviews-form"
      aria-label={review ? `Edit the review by ${review.reviewer}` : 'Add a review'}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {draft.restored && <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.discard} />}
      {conflict.view({
        differences: (theirs) => diffVersions(reviewFormValuesOf(theirs), form.getValues()),
        labelOf: (path) => reviewFieldLabels[path as keyof typeof reviewFieldLabels] ?? path,
        busy: form.formState.isSubmitting,
        resubmit: () => void submit(),
        takeTheirs: (theirs) => {
          putInList(queries, theirs);
          form.reset(reviewFormValuesOf(theirs));
          draft.forget(theirs.version);
        },
      })}
      <FormField
        label="Name"
        required
        registration={form.register('reviewer')}
        error={errors.reviewer}
      />
      <SelectField
        label="Stars"
        required
        registration={form.register('stars')}
        error={errors.stars}
        options={starOptions}
      />
      <FormField
        label="Review"
        required
        multiline
        registration={form.register('review')}
        error={errors.review}
      />
      <FormErrorSummary form={form} failure={failure} labels={reviewFieldLabels} />
      <p className="reviews-buttons">
        <button
          type="submit"
          className="button button--primary"
          disabled={form.formState.isSubmitting}
        >
          {review ? 'Save the review' : 'Add the review'}
        </button>
        {review && (
          <button type="button" className="button" onClick={onDone}>
            Close
          </button>
        )}
      </p>
    </form>
  );
}

/** The owner's public answer, shown under the review on the site; empty takes it away. */
function ReplyForm({ review, onDone }: { review: ManagedReview; onDone: () => void }) {
  const queries = useQueryClient();
  const form = useForm<ReviewReplyFields>({
    resolver: zodResolver(reviewReplyFieldsSchema),
    mode: 'onSubmit',
    defaultValues: { reply: review.reply ?? '' },
  });
  const leaveFreely = useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async ({ reply }) => {
      const saved = await saveReply(review.id, reply, review.version);
      putInList(queries, saved);
      form.reset({ reply: saved.reply ?? '' });
      leaveFreely();
      onDone();
    },
    savedText: 'Reply saved: it shows under the review on your site.',
    failedText: 'The reply could not be saved. Please try again.',
  });
  return (
    <form
      className="manage__form reviews-form"
      aria-label={`Reply to ${review.reviewer}`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <FormField
        label="Your public reply"
        hint={`Everyone sees it under the review. Up to ${maxReplyLength} characters; leave it empty to take the reply away.`}
        multiline
        registration={form.register('reply')}
        error={form.formState.errors.reply}
      />
      <FormErrorSummary form={form} failure={failure} labels={{ reply: 'Your public reply' }} />
      <p className="reviews-buttons">
        <button
          type="submit"
          className="button button--primary"
          disabled={form.formState.isSubmitting}
        >
          Save the reply
        </button>
        <button type="button" className="button" onClick={onDone}>
          Close
        </button>
      </p>
    </form>
  );
}

type Open = { id: number; what: 'edit' | 'reply' } | undefined;

/** One review: its words, status and reply, and the owner's buttons. */
function ReviewCard({
  review,
  index,
  count,
  idBase,
  open,
  setOpen,
  onMove,
}: {
  review: ManagedReview;
  index: number;
  count: number;
  idBase: string;
  open: Open;
  setOpen: (open: Open) => void;
  onMove: (index: number, step: -1 | 1) => void;
}) {
  const queries = useQueryClient();
  const status = useMutation({
    mutationFn: (next: 'published' | 'hidden') => setReviewStatus(review, next),
    onSuccess: (answer) => {
      putInList(queries, answer);
      showToast(
        'saved',
        answer.status === 'published' ? 'Published on your site.' : 'Hidden from your site.',
      );
    },
    onError: () => void queries.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
  const base = `${idBase}-${review.id}`;
  const stars = review.stars ?? 0;
  return (
    <li className={`card reviews-card reviews-card--${review.status}`}>
      <p className="reviews-card__status">
        <strong>{statusLabels[review.status]}</strong>
        {review.source === 'customer' ? ' · from a customer' : ''}
      </p>
      <p aria-label={`${stars} of 5 stars`}>{'★'.repeat(stars) + '☆'.repeat(5 - stars)}</p>
      <blockquote>
        <p>{review.review}</p>
      </blockquote>
      <p className="reviews-card__by">— {review.reviewer}</p>
      {review.reply && (
        <p className="reviews-card__reply">
          <strong>Your reply:</strong> {review.reply}
        </p>
      )}
      {status.error && <p role="alert">{status.error.message}</p>}
      <p className="reviews-buttons">
        {review.status === 'published' ? (
          <button
            type="button"
            className="button"
            disabled={status.isPending}
            onClick={() => status.mutate('hidden')}
            aria-label={`Hide, review by ${review.reviewer}`}
          >
            Hide
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={status.isPending}
            onClick={() => status.mutate('published')}
            aria-label={`Publish, review by ${review.reviewer}`}
          >
            Publish
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => setOpen({ id: review.id, what: 'edit' })}
          aria-label={`Edit, review by ${review.reviewer}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="button"
          onClick={() => setOpen({ id: review.id, what: 'reply' })}
          aria-label={`Reply, review by ${review.reviewer}`}
        >
          Reply
        </button>
        <button
          id={`${base}-up`}
          type="button"
          className="button"
          disabled={index === 0}
          onClick={() => onMove(index, -1)}
          aria-label={`Move up, review by ${review.reviewer}`}
        >
          Move up
        </button>
        <button
          id={`${base}-down`}
          type="button"
          className="button"
          disabled={index === count - 1}
          onClick={() => onMove(index, 1)}
          aria-label={`Move down, review by ${review.reviewer}`}
        >
          Move down
        </button>
      </p>
      {open?.id === review.id && open.what === 'edit' && (
        <ReviewFieldsForm review={review} onDone={() => setOpen(undefined)} />
      )}
      {open?.id === review.id && open.what === 'reply' && (
        <ReplyForm review={review} onDone={() => setOpen(undefined)} />
      )}
    </li>
  );
}

/**
 * /manage/reviews: every review in the order the site shows them, with its status; a customer's
 * waits for the owner's Publish (docs/decisions/0064-reviews-the-owner-runs.md).
 */
export default function ReviewsPage() {
  const idBase = useId();
  const queries = useQueryClient();
  const reviews = useQuery({
    queryKey: reviewsQueryKey,
    queryFn: fetchManagedReviews,
    staleTime: 0,
  });
  const [open, setOpen] = useState<Open>();
  const [status, setStatus] = useState('');
  const list = reviews.data ?? [];
  const reorder = useMutation({
    mutationFn: async ({ index, step }: { index: number; step: -1 | 1 }) => {
      const ids = list.map((r) => r.id);
      const [moved] = ids.splice(index, 1);
      if (moved === undefined) return;
      ids.splice(index + step, 0, moved);
      await saveReviewOrder(ids);
      await queries.invalidateQueries({ queryKey: reviewsQueryKey });
      setStatus(`Moved to number ${index + step + 1} of ${ids.length}.`);
      requestAnimationFrame(() => {
        const wanted = document.getElementById(`${idBase}-${moved}-${step < 0 ? 'up' : 'down'}`);
        const other = document.getElementById(`${idBase}-${moved}-${step < 0 ? 'down' : 'up'}`);
        ((wanted as HTMLButtonElement | null)?.disabled ? other : wanted)?.focus();
      });
    },
  });
  const waiting = list.filter((r) => r.status === 'pending').length;
  return (
    <section className="manage__screen">
      <PageHeading title="Reviews">Reviews</PageHeading>
      {reviews.isPending && <ScreenSkeleton />}
      {reviews.isError && <p role="alert">The reviews could not be loaded. Please try again.</p>}
      {reviews.isSuccess && (
        <>
          <p>
            Published reviews show on your reviews page in this order.
            {waiting > 0 &&
              ` ${waiting} ${waiting === 1 ? 'review is' : 'reviews are'} waiting for your approval.`}
          </p>
          <ReviewAskingSection />
          <details className="card reviews-add">
            <summary>Add a review</summary>
            <ReviewFieldsForm onDone={() => undefined} />
          </details>
          <p role="status">{reorder.isPending ? 'Saving the order…' : status}</p>
          {reorder.error && <p role="alert">{reorder.error.message}</p>}
          {list.length === 0 ? (
            <EmptyState title="No reviews yet">
              Add one a customer gave you, or wait for the ones customers write after a visit.
            </EmptyState>
          ) : (
            <ol className="manage__cards reviews-list">
              {list.map((review, index) => (
                <ReviewCard
                  key={review.id}
                  review={review}
                  index={index}
                  count={list.length}
                  idBase={idBase}
                  open={open}
                  setOpen={setOpen}
                  onMove={(i, step) => {
                    if (!reorder.isPending) reorder.mutate({ index: i, step });
                  }}
                />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
