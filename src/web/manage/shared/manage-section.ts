import type { ComponentType } from 'react';
import type { PublicClientConfig } from '@common/site-text';

/**
 * One of the back office's screens, as its menu and overview show it: a path under /manage, a
 * label, a line for the overview, and its screen's own chunk (the list is app/manage-sections.ts).
 */
/** The menu's groups, so a shop's eighteen screens read as five short lists (manage-sections.ts). */
export type ManageGroupId = 'bookings' | 'shop' | 'customers' | 'site' | 'business';

export interface ManageSection {
  path: string;
  label: string;
  /** Where the menu and the overview list the screen. */
  group: ManageGroupId;
  description: string;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * On a phone the menu is a bar of Home, the first three screens marked here and More: the
   * screens an owner opens most days. `tabLabel` is a shorter label where the bar is narrow.
   */
  inTabBar?: boolean;
  tabLabel?: string;
  /** Whether this client's back office has the screen (no diary for a shop without booking). */
  shownFor?: (client: PublicClientConfig) => boolean;
  /**
   * True when a staff account may open the screen (issue 32): only the diary. Every other screen
   * is the owner's; the menu hides it from staff and its address says so. The server refuses
   * staff on its own (src/server/owners/staff-permissions.ts): this only keeps the menu honest.
   */
  staffMay?: boolean;
}

/** The menu's groups in its order, each with the heading it shows. */
export const manageGroups: readonly { id: ManageGroupId; label: string }[] = [
  { id: 'bookings', label: 'Bookings' },
  { id: 'shop', label: 'Shop' },
  { id: 'customers', label: 'Customers' },
  { id: 'site', label: 'Your site' },
  { id: 'business', label: 'Business' },
];

/** The screens under each group's heading; a group without a screen here is left out. */
export function groupedSections(
  sections: readonly ManageSection[],
): { id: ManageGroupId; label: string; sections: ManageSection[] }[] {
  return manageGroups
    .map((group) => ({ ...group, sections: sections.filter((s) => s.group === group.id) }))
    .filter((group) => group.sections.length > 0);
}
