import { useLocation } from 'react-router';
import { contentPaths, type ContentPath } from '@common/routes';
import { PageHeading } from '@/components/page-heading';
import { UnderConstruction } from '@/components/under-construction';
import { useClient } from '@/lib/client-context';
import { withQueryClient } from '@/lib/query-provider';
import { useSiteText } from '@/lib/site-text-query';
import { PageBlockView } from './content-blocks';
import { pageFor } from './page-for';
import './content.css';

function contentPathOf(pathname: string): ContentPath | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return contentPaths.find((known) => known === path);
}

/** A content route: the page's heading and its blocks, in the record's order. */
function ContentScreen() {
  const client = useClient();
  const siteText = useSiteText();
  const path = contentPathOf(useLocation().pathname);
  const page = path && pageFor(client, siteText, path);
  if (!page || page.underConstruction) return <UnderConstruction heading={page?.heading} />;
  return (
    <section className="page content-page">
      <PageHeading>{page.heading}</PageHeading>
      {page.blocks.map((block, index) => (
        // The list is the record's, fixed for the visit, so its positions are stable keys.
        <PageBlockView key={index} block={block} client={client} />
      ))}
    </section>
  );
}

export default withQueryClient(ContentScreen);
