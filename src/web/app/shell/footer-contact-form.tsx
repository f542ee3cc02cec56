import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { routeTable } from '@common/routes';
import { preloadable } from '@/lib/preloadable';
import { PartErrorBoundary } from '@/components/part-error-boundary';

// The form brings react-hook-form and zod; loading it on demand keeps them out of the first-load
// bundle (docs/decisions/0014-page-speed.md). It sits in the footer, below the fold.
export const footerForm = preloadable(async () => {
  const { ContactForm } = await import('@/features/enquiry/contact-form');
  return function FooterForm() {
    return <ContactForm heading="Send us a message" />;
  };
});

/**
 * The contact form shown in the footer for clients with showContactFormOnFooter; left out on
 * /contact, which has the same form in the page.
 */
export function FooterContactForm() {
  const { pathname } = useLocation();
  if (pathname === routeTable.contact) return null;
  return (
    <PartErrorBoundary
      fallback={
        <p className="footer-form-unavailable">
          The message form could not load. Please check your connection and reload the page.
        </p>
      }
    >
      <Suspense fallback={null}>
        <footerForm.Component />
      </Suspense>
    </PartErrorBoundary>
  );
}
