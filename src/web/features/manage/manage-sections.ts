import type { ComponentType } from 'react';

/**
 * The back office's screens, in the order of its menu: each is a path under /manage, a label, a
 * line for the overview, and its screen's own chunk. A new screen (the diary, hours,
 * treatments …) is one entry here; the menu and the routes follow.
 */
export interface ManageSection {
  path: string;
  label: string;
  description: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const manageSections: ManageSection[] = [
  {
    path: 'orders',
    label: 'Orders',
    description: 'Orders from the shop, newest first: call the customer, mark them done.',
    load: () => import('./orders-page'),
  },
  {
    path: 'products',
    label: 'Products',
    description: 'Your catalogue: change titles, prices and pictures, hide or show products.',
    load: () => import('./products-page'),
  },
  {
    path: 'outbox',
    label: 'E-mails',
    description: 'What the site has e-mailed for you, and anything that did not arrive.',
    load: () => import('./outbox-page'),
  },
  {
    path: 'audit',
    label: 'Audit',
    description: 'Who signed in and what they changed, newest first.',
    load: () => import('./audit-page'),
  },
];
