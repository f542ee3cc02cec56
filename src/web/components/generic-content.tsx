import { PageHeading } from './page-heading';

/** The spec's generic content view, for routes with nothing specific to show. */
export function GenericContent({
  heading,
  paragraphs = [],
}: {
  heading: string;
  paragraphs?: string[];
}) {
  return (
    <section className="page">
      <PageHeading>{heading}</PageHeading>
      {paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  );
}
