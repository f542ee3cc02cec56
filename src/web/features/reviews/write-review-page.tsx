import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { reviewFieldsSchema, type ReviewFields, type ReviewInvitation } from '@common/reviews';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { apiJson } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import './reviews.css';
import { schemaResolver } from '@/lib/schema-resolver';

/** The boxes' values: the chosen stars as the radio's text until sent. */
interface WriteReviewValues {
  reviewer: string;
  stars: string;
  review: string;
}

const resolver = schemaResolver(reviewFieldsSchema, (values: WriteReviewValues) => ({
  ...values,
  stars: values.stars ? Number(values.stars) : undefined,
}));

const labels = { reviewer: 'Your name as shown', stars: 'Stars', review: 'Your review' };

/**
 * /review/<token>: a customer writes a review from the link in the e-mail asking for one
 * (docs/decisions/0064-reviews-the-owner-runs.md). It waits for the owner's approval; the link
 * works once. Its own lazy chunk, so no other visitor page pays for it.
 */
export default function WriteReviewPage() {
  const { token = '' } = useParams();
  const address = `/api/review-requests/${encodeURIComponent(token)}`;
  const [invitation, setInvitation] = useState<ReviewInvitation | undefined>();
  const [refused, setRefused] = useState('');
  const [sent, setSent] = useState(false);
  const form = useForm<WriteReviewValues, unknown, ReviewFields>({
    resolver,
    mode: 'onSubmit',
    defaultValues: { reviewer: '', stars: '', review: '' },
  });

  useEffect(() => {
    apiJson(address).then(
      (answer) => {
        const found = answer as ReviewInvitation;
        setInvitation(found);
        if (!form.getValues('reviewer')) form.setValue('reviewer', found.customerName);
      },
      (error: unknown) => setRefused(error instanceof Error ? error.message : String(error)),
    );
  }, [address, form]);

  const { submit, failure } = useFormSubmit(form, {
    send: async (fields) => {
      await apiJson(address, { method: 'POST', body: JSON.stringify(fields) });
      setSent(true);
    },
    failedText: 'Your review could not be sent. Please try again.',
  });
  const errors = form.formState.errors;

  if (sent) {
    return (
      <section className="page write-review">
        <PageHeading>Thank you</PageHeading>
        <p role="status">
          Thank you for your review. It appears on our reviews page once we have read it.
        </p>
        <p>
          <Link to="/" className="button">
            Back to the home page
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page write-review">
      <PageHeading>Write a review</PageHeading>
      {refused && <p role="alert">{refused}</p>}
      {!invitation && !refused && <p>Opening your review…</p>}
      {invitation && (
        <form
          className="write-review__form"
          aria-label="Your review"
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <p>
            How was your visit to {invitation.clientTitle}? Your review is shown on our reviews page
            once we have read it.
          </p>
          <fieldset
            className="write-review__stars"
            aria-invalid={errors.stars ? true : undefined}
            aria-describedby={errors.stars ? 'write-review-stars-error' : undefined}
          >
            <legend>Stars (required)</legend>
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n}>
                <input type="radio" value={String(n)} {...form.register('stars')} />{' '}
                {n === 1 ? '1 star' : `${n} stars`}
              </label>
            ))}
            {errors.stars && (
              <p className="form-field__error" id="write-review-stars-error" role="alert">
                {errors.stars.message}
              </p>
            )}
          </fieldset>
          <FormField
            label="Your review"
            required
            multiline
            registration={form.register('review')}
            error={errors.review}
          />
          <FormField
            label="Your name as shown"
            required
            autoComplete="name"
            registration={form.register('reviewer')}
            error={errors.reviewer}
          />
          <FormErrorSummary form={form} failure={failure} labels={labels} />
          <p>
            <button
              type="submit"
              className="button button--primary"
              disabled={form.formState.isSubmitting}
            >
              {form.formState.isSubmitting ? 'Sending…' : 'Send my review'}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
