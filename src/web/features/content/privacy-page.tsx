import type { PublicClientConfig } from '@common/site-text';
import { retentionYears } from '@common/privacy';
import { routeTable } from '@common/routes';
import { PageHeading } from '@/components/page-heading';
import { telephoneHref } from '@/lib/contact-links';
import { useClient } from '@/lib/client-context';
import './content.css';

interface Kept {
  what: string;
  fields: string;
  why: string;
  howLong: string;
}

/** What this client's forms collect: the shop, the booking and the travel enquiry only where it has them. */
function keptDetails(client: PublicClientConfig): Kept[] {
  const kept: Kept[] = [];
  if (client.usesCart) {
    kept.push({
      what: 'Orders',
      fields:
        'your name, e-mail address, telephone number, delivery address, any message you add, and what you ordered with its prices',
      why: 'to take, deliver and support your order (a contract with you), and to keep the accounts the law asks of us (a legal obligation)',
      howLong: `${retentionYears.orders} years, as HMRC requires for tax records`,
    });
  }
  if (client.booking) {
    kept.push({
      what: 'Bookings',
      fields:
        'your name, e-mail address, telephone number, door number or first line of your address, postcode, the treatments, date and time you chose, and whether you asked for news and offers',
      why: 'to keep your appointment and contact you about it (a contract with you); news and offers only if you ticked the box (your consent, which you can withdraw at any time)',
      howLong: `${retentionYears.bookings} years after your appointment`,
    });
  }
  if (client.menuItems.some((item) => item.route === routeTable.travelbooking)) {
    kept.push({
      what: 'Travel enquiries',
      fields:
        'your name, e-mail address, telephone number, and what you tell us about the trip: destination, length of stay, number of adults and children and their ages, board, room, beds, area, hotels, budget and anything else you add',
      why: 'to find and price the holiday you asked about and reply to you (steps you asked for before a contract)',
      howLong: `${retentionYears.enquiries} years after we last heard from you`,
    });
  }
  kept.push({
    what: 'Messages',
    fields: 'your name, e-mail address, telephone number and your message',
    why: 'to reply to you (our legitimate interest in answering people who contact us)',
    howLong: `${retentionYears.enquiries} years after we last heard from you`,
  });
  // Made from the bookings, orders and messages above (docs/decisions/0066-customer-data-requests.md).
  kept.push({
    what: 'Your customer record',
    fields:
      'your name, e-mail address and telephone number as you last gave them, whether and when you asked for news and offers, and notes we write for your visits, such as an allergy or a patch test',
    why: 'to recognise you when you come back and keep you safe during a treatment (our legitimate interest in looking after our customers)',
    howLong: `while we keep any booking, order or message of yours above, and at least ${retentionYears.bookings} years after we last heard from you`,
  });
  return kept;
}

/**
 * /privacy: the client's privacy notice under UK GDPR, drawn from its record (who it is, which
 * forms it has), the same wording for every business otherwise.
 */
export default function PrivacyPage() {
  const client = useClient();
  const kept = keptDetails(client);
  return (
    <section className="page content-page privacy-notice">
      <PageHeading>Privacy notice</PageHeading>
      <p>
        This notice explains what {client.title} does with the personal details you give us on this
        site, why, how long we keep them, and your rights under UK data protection law (the UK GDPR
        and the Data Protection Act 2018).
      </p>

      <h2>Who looks after your details</h2>
      <p>
        {client.title} decides how your details are used (the &ldquo;controller&rdquo;). You can
        reach us:
      </p>
      <ul>
        {client.address && <li>by post at {client.address}</li>}
        <li>
          by e-mail at <a href={`mailto:${client.email}`}>{client.email}</a>
        </li>
        {client.telephoneNo && (
          <li>
            by phone on <a href={telephoneHref(client.telephoneNo)}>{client.telephoneNo}</a>
          </li>
        )}
      </ul>

      <h2>What we keep, why, and for how long</h2>
      {kept.map((item) => (
        <div key={item.what} className="privacy-notice__kept">
          <h3>{item.what}</h3>
          <p>
            <strong>What:</strong> {item.fields}.
          </p>
          <p>
            <strong>Why:</strong> {item.why}.
          </p>
          <p>
            <strong>How long:</strong> {item.howLong}; then we delete them.
          </p>
        </div>
      ))}
      <p>
        We do not use advertising or tracking cookies, and we never sell your details or pass them
        on for anyone else&rsquo;s marketing.
      </p>

      <h2>Who else handles them</h2>
      <p>
        Your details reach us by e-mail: our e-mail provider delivers the messages this site sends
        us and the confirmations it sends you, and our hosting provider runs the site that stores
        them. Both act only on our instructions, under contracts that keep your details safe, and
        keep them in the UK or with protection the UK recognises. We share details with anyone else
        only when the law requires it.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask us for a copy of your details, to correct them, to delete them, to stop or limit
        using them, or to send them to you or someone else in a common format; where we rely on your
        consent you can withdraw it at any time. To ask, e-mail{' '}
        <a href={`mailto:${client.email}?subject=${encodeURIComponent('Privacy request')}`}>
          {client.email}
        </a>{' '}
        or write to us. It is free, and we reply within one month. If we must keep something (an
        order&rsquo;s tax record), we tell you what and for how long.
      </p>

      <h2>Complaints</h2>
      <p>
        If you are unhappy with how we have used your details, please tell us first so we can put it
        right. You can also complain to the Information Commissioner&rsquo;s Office (ICO) at{' '}
        <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a> or on 0303
        123 1113.
      </p>
    </section>
  );
}
