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
    path: 'audit',
    label: 'Audit',
    description: 'Who signed in and what they changed, newest first.',
    load: () => import('./audit-page'),
  },
];
