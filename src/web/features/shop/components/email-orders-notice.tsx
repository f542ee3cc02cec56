import { useClient } from '@/lib/client-context';
import { PageHeading } from '@/components/page-heading';

/** Shown on /cart and /checkout for a client without a cart (spec section 6). */
export function EmailOrdersNotice() {
  const client = useClient();
  return (
    <section className="page shop-page">
      <PageHeading>Ordering by e-mail</PageHeading>
      <p>This shop takes orders by e-mail rather than through an online cart.</p>
      <p>
        Please e-mail us at <a href={`mailto:${client.email}`}>{client.email}</a>
        {client.telephoneNo ? ` or call ${client.telephoneNo}` : ''} and we will be glad to help.
      </p>
    </section>
  );
}
