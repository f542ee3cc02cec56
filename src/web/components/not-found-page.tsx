import { Link } from 'react-router';
import { PageHeading } from './page-heading';

export default function NotFoundPage() {
  return (
    <section className="page">
      <PageHeading>Page not found</PageHeading>
      <p>We could not find that page. It may have moved, or the address may be mistyped.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
