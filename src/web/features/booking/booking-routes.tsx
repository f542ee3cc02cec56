import type { RouteObject } from 'react-router';
import { routeTable } from '@common/routes';

/** Treatment booking: its own chunk, loaded when a visitor opens /booking. */
export const bookingRoutes: RouteObject[] = [
  {
    path: routeTable.booking,
    lazy: async () => ({ Component: (await import('./booking-page')).default }),
  },
  {
    path: routeTable.bookingDone,
    lazy: async () => ({ Component: (await import('./booked-screen')).default }),
  },
  {
    path: routeTable.bookingManage,
    lazy: async () => ({ Component: (await import('./manage-booking-page')).default }),
  },
  {
    path: routeTable.bookingConfirm,
    lazy: async () => ({ Component: (await import('./confirm-booking-page')).default }),
  },
  // Issue 36: Stripe's page returns here after a booking's deposit (paid or not).
  {
    path: routeTable.bookingPaid,
    lazy: async () => ({ Component: (await import('./deposit-return-page')).default }),
  },
  {
    path: routeTable.bookingNotPaid,
    lazy: async () => ({ Component: (await import('./deposit-return-page')).default }),
  },
];
