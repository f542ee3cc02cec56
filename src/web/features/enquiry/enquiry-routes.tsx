import type { RouteObject } from 'react-router';
import { routeTable } from '../../../common/routes';
import { GenericContent } from '../../components/generic-content';

/** Contact and travel enquiry forms (issue: e-mail). */
export const enquiryRoutes: RouteObject[] = [
  { path: routeTable.contact, element: <GenericContent heading="Contact us" /> },
  { path: routeTable.travelbooking, element: <GenericContent heading="Travel enquiry" /> },
];
