import { useClient } from '@/lib/client-context';
import { PageHeading } from '@/components/page-heading';
import { UnderConstruction } from '@/components/under-construction';
import { responseTimeNote, TravelEnquiryForm } from './travel-enquiry-form';

/**
 * /travelbooking: the travel enquiry for a travel client, the under-construction page for others
 * (DESIGN.md). A client is a travel client when its own menu offers /travelbooking, so a new
 * travel agent needs only its record.
 */
export function TravelBookingPage() {
  const client = useClient();
  const offersTravel = client.menuItems.some((item) => item.route === '/travelbooking');
  if (!offersTravel) return <UnderConstruction heading="Travel enquiry" />;
  return (
    <section className="page enquiry-page">
      <PageHeading>Travel enquiry</PageHeading>
      <p className="enquiry-page__intro">
        {client.contactBlurb ||
          `Tell us where you would like to go, when, and who is coming. ${responseTimeNote}`}
      </p>
      <TravelEnquiryForm />
    </section>
  );
}
