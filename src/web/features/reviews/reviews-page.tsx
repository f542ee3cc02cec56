import { useQuery } from '@tanstack/react-query';
import { reviewsQueryKey } from '@common/page-data';
import { reviewListSchema } from '@common/reviews';
import { useClient } from '@/lib/client-context';
import { LoadingLine } from '@/components/loading-line';
import { PageHeading } from '@/components/page-heading';
import { UnderConstruction } from '@/components/under-construction';
import { apiJson } from '@/lib/api-client';
import { starsLabel } from './review-stars';
import { withQueryClient } from '@/lib/query-provider';
import './reviews.css';

function Stars({ count }: { count: number }) {
  return (
    <p className="review__stars">
      <span aria-hidden="true">
        {'★'.repeat(count)}
        <span className="review__stars-empty">{'☆'.repeat(5 - count)}</span>
      </span>
      <span className="visually-hidden">{starsLabel(count)}</span>
    </p>
  );
}

function ReviewsScreen() {
  const client = useClient();
  const reviews = useQuery({
    queryKey: reviewsQueryKey,
    queryFn: async () => reviewListSchema.parse(await apiJson('/api/reviews')),
  });

  if (reviews.isPending) {
    return (
      <section className="page">
        <PageHeading>{client.reviewTitle || 'Reviews'}</PageHeading>
        <LoadingLine>Loading reviews…</LoadingLine>
      </section>
    );
  }
  if (reviews.isError) {
    return (
      <section className="page">
        <PageHeading>{client.reviewTitle || 'Reviews'}</PageHeading>
        <p role="alert">We could not load the reviews just now. Please try again in a moment.</p>
      </section>
    );
  }
  if (reviews.data.length === 0) return <UnderConstruction heading="Reviews" />;

  return (
    <section className="page reviews">
      <PageHeading>{client.reviewTitle || 'Reviews'}</PageHeading>
      {client.reviewBlurb && <p className="reviews__blurb">{client.reviewBlurb}</p>}
      <ul className="reviews__list">
        {reviews.data.map((review) => (
          <li key={review.id} className="review card">
            <figure>
              {review.stars !== undefined && <Stars count={review.stars} />}
              <blockquote>
                <p>{review.review}</p>
              </blockquote>
              <figcaption className="review__reviewer">{review.reviewer}</figcaption>
            </figure>
            {review.reply && (
              <div className="review__reply">
                <p className="review__reply-from">Reply from {client.title}</p>
                <p>{review.reply}</p>
              </div>
            )}
          </li>
        ))}
      </ul>
      <p className="reviews__invite">
        Been to see us? We would love to hear from you: e-mail{' '}
        <a href={`mailto:${client.email}?subject=A%20review`}>{client.email}</a> to leave a review.
      </p>
      {client.reviewWidget === 'google' && (
        <section className="review-widget" aria-labelledby="review-widget-heading">
          <h2 id="review-widget-heading">Independent reviews</h2>
          <div className="review-widget__slot" data-review-widget={client.reviewWidget}>
            <p>
              Read more reviews of {client.title}, or leave your own,{' '}
              <a
                href={`https://www.google.com/search?q=${encodeURIComponent(`${client.title} reviews`)}`}
                rel="noopener noreferrer"
                target="_blank"
              >
                on Google<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              .
            </p>
          </div>
        </section>
      )}
    </section>
  );
}

export default withQueryClient(ReviewsScreen);
