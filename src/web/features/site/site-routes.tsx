import type { RouteObject } from 'react-router';
import { routeTable, type RouteName } from '../../../common/routes';
import { GenericContent } from '../../components/generic-content';
import { useClient } from '../../app/client-context';

function HomePlaceholder() {
  const client = useClient();
  return <GenericContent heading={client.welcome.heading} paragraphs={client.welcome.paragraphs} />;
}

const headings: Partial<Record<RouteName, string>> = {
  about: 'About us',
  success: 'Your inquiry has been sent',
  failure: 'Sorry we were unable to process your inquery.',
  login: 'Sign in',
};

const siteRouteNames: RouteName[] = [
  'about',
  'success',
  'failure',
  'documentation',
  'reviews',
  'nails',
  'galleries',
  'approach',
  'qualifications',
  'terms',
  'cookies',
  'faqs',
  'fees',
  'client',
  'hub',
  'tech',
  'services',
  'joinus',
  'team',
  'work',
  'login',
];

/** Brochure screens (issue: the public site). */
export const siteRoutes: RouteObject[] = [
  { index: true, element: <HomePlaceholder /> },
  ...siteRouteNames.map((name) => ({
    path: routeTable[name],
    element: <GenericContent heading={headings[name] ?? name[0]!.toUpperCase() + name.slice(1)} />,
  })),
];
