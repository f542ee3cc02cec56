import type { RouteObject } from 'react-router';
import { routeTable, type RouteName } from '../../../common/routes';
import { GenericContent } from '../../components/generic-content';

const shopRouteNames: RouteName[] = [
  'cart',
  'checkout',
  'product',
  'products',
  'oasis',
  'sunbeach',
  'spas',
  'haircare',
  'body',
  'extensions',
  'groceries',
];

/** Catalogue, cart and checkout (issue: the shop). */
export const shopRoutes: RouteObject[] = shopRouteNames.map((name) => ({
  path: routeTable[name],
  element: <GenericContent heading={name[0]!.toUpperCase() + name.slice(1)} />,
}));
