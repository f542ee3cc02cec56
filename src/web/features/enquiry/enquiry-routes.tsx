import type { RouteObject } from 'react-router';
import { routeTable } from '@common/routes';

/** Contact and travel enquiry screens, one chunk for the group. */
export const enquiryRoutes: RouteObject[] = [
  {
    path: routeTable.contact,
    lazy: async () => ({ Component: (await import('./contact-page')).ContactPage }),
  },
  {
    path: routeTable.travelbooking,
    lazy: async () => ({ Component: (await import('./travel-booking-page')).TravelBookingPage }),
  },
];
