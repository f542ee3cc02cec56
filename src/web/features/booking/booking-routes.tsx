import type { RouteObject } from 'react-router';
import { routeTable } from '../../../common/routes';
import { GenericContent } from '../../components/generic-content';

/** Treatment booking (issue: booking). */
export const bookingRoutes: RouteObject[] = [
  { path: routeTable.booking, element: <GenericContent heading="Book a treatment" /> },
];
