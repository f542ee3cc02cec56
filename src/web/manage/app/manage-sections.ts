import type { PublicClientConfig } from '@common/site-text';
import type { OwnerRole } from '@common/owners';
import { manageGroups, type ManageSection } from '@/manage/shared/manage-section';

/**
 * The back office's screens, in the order of its menu: each is a path under /manage, a label, a
 * line for the overview, and its screen's own chunk. A new screen (the diary, hours,
 * treatments …) is one entry here; the menu and the routes follow.
 */

const books = (client: PublicClientConfig) => client.booking !== undefined;

export const manageSections: ManageSection[] = [
  {
    path: 'diary',
    group: 'bookings',
    inTabBar: true,
    label: 'Diary',
    description:
      "Today's bookings first, a day or a week at a time; cancel, or add a phone booking.",
    load: () => import('@/manage/screens/diary/diary-page'),
    shownFor: books,
    staffMay: true,
  },
  {
    path: 'hours',
    group: 'bookings',
    label: 'Hours',
    description: 'Opening hours with breaks, closed days, and how bookings can be made.',
    load: () => import('@/manage/screens/hours/hours-page'),
    shownFor: books,
  },
  {
    path: 'treatments',
    group: 'bookings',
    inTabBar: true,
    label: 'Treatments',
    description: 'Categories and treatments: prices, durations, their order, and what is offered.',
    load: () => import('@/manage/screens/treatments/treatments-page'),
    shownFor: books,
  },
  {
    path: 'staff',
    group: 'bookings',
    label: 'Staff',
    description: 'Who works when: each person’s treatments, hours with breaks, and time off.',
    load: () => import('@/manage/screens/staff/staff-page'),
    shownFor: books,
  },
  {
    path: 'calendar-feeds',
    group: 'bookings',
    label: 'Calendar feeds',
    description:
      'Private links that show your bookings in Google Calendar, Apple Calendar or Outlook.',
    load: () => import('@/manage/screens/calendar-feeds/calendar-feeds-page'),
    // A staff account sees its own therapist's links only (the server decides).
    staffMay: true,
    shownFor: books,
  },
  {
    path: 'orders',
    group: 'shop',
    inTabBar: true,
    label: 'Orders',
    description: 'Orders from the shop, newest first: call the customer, mark them done.',
    load: () => import('@/manage/screens/orders/orders-page'),
    shownFor: (client) => client.usesCart,
  },
  {
    path: 'products',
    group: 'shop',
    inTabBar: true,
    label: 'Products',
    description: 'Your catalogue: change titles, prices and pictures, hide or show products.',
    load: () => import('@/manage/screens/products/products-page'),
    // The clients with a catalogue are the shops; a salon's owner has nothing to edit here.
    shownFor: (client) => client.usesCart,
  },
  {
    path: 'shop-categories',
    group: 'shop',
    label: 'Shop categories',
    description: 'Your shop’s categories: add, rename, reorder or hide them (the menu follows).',
    load: () => import('@/manage/screens/shop-categories/shop-categories-page'),
    shownFor: (client) => client.usesCart,
  },
  {
    path: 'reports',
    group: 'business',
    label: 'Reports',
    description:
      'Bookings, takings and orders for any period, as charts and tables: by day, treatment, therapist, hour and product.',
    load: () => import('@/manage/screens/reports/reports-page'),
    // The business's figures are the owner's (decision 0067): not open to staff.
    shownFor: (client) => client.booking !== undefined || client.usesCart,
  },
  {
    path: 'shop-settings',
    group: 'shop',
    label: 'Shop settings',
    description: 'VAT, collection from the shop, and delivery zones with their prices.',
    load: () => import('@/manage/screens/shop-settings/shop-settings-page'),
    shownFor: (client) => client.usesCart,
  },
  {
    path: 'discount-codes',
    group: 'shop',
    label: 'Discount codes',
    description: 'Codes for a percentage or an amount off, free delivery, dates and limits.',
    load: () => import('@/manage/screens/discount-codes/discount-codes-page'),
    shownFor: (client) => client.usesCart,
  },
  // ---- Issue 36: the owner connects Stripe (orders now; booking deposits use the same keys) ----
  {
    path: 'payments',
    group: 'business',
    label: 'Payments',
    description:
      'Connect your Stripe account so customers can pay by card; switch it off or on, test it.',
    load: () => import('@/manage/screens/payments/payments-page'),
    // The business's money is the owner's: not open to staff (the API refuses them too).
    shownFor: (client) => client.booking !== undefined || client.usesCart,
  },
  {
    path: 'customers',
    group: 'customers',
    label: 'Customers',
    description:
      'Find a customer by name, e-mail, phone or reference: their visits, orders, notes and allergies.',
    load: () => import('@/manage/screens/customers/customers-page'),
    staffMay: true,
  },
  {
    path: 'reviews',
    group: 'customers',
    label: 'Reviews',
    description:
      'Reviews on your site: approve what customers write, reply in public, hide, reorder, add.',
    load: () => import('@/manage/screens/reviews/reviews-page'),
  },
  {
    path: 'content',
    group: 'site',
    inTabBar: true,
    tabLabel: 'Content',
    label: 'Site content',
    description:
      'Every word of your site: texts, contact details, menu, and the blocks of each page; preview, then publish.',
    load: () => import('@/manage/screens/site-content/site-content-page'),
  },
  {
    path: 'outbox',
    group: 'site',
    label: 'E-mails',
    description: 'What the site has e-mailed for you, and anything that did not arrive.',
    load: () => import('@/manage/screens/emails/outbox-page'),
  },
  {
    path: 'visits',
    group: 'site',
    // Short, so the side bar keeps it on one line; the screen's heading says "and downloads".
    label: 'Visits',
    description:
      'Pages people looked at, per day, counted without cookies; bookings, orders and customers as spreadsheets.',
    load: () => import('@/manage/screens/visits/visits-page'),
  },
  {
    path: 'morning-email',
    group: 'business',
    label: 'Morning e-mail',
    description:
      "Your own e-mail each morning: the day's bookings, orders waiting, e-mails that failed.",
    load: () => import('@/manage/screens/morning-email/morning-email-page'),
  },
  {
    path: 'team',
    group: 'business',
    label: 'Team',
    description: 'Invite co-owners and staff by e-mail; change what each can do, or disable them.',
    load: () => import('@/manage/screens/team/team-page'),
  },
  {
    path: 'audit',
    group: 'business',
    label: 'Audit',
    description: 'Who signed in and what they changed, newest first.',
    load: () => import('@/manage/screens/audit/audit-page'),
  },
];

const groupOrder = (section: ManageSection) =>
  manageGroups.findIndex((group) => group.id === section.group);

/** The screens this client's back office shows, in menu order: group by group, as listed. */
export function sectionsFor(client: PublicClientConfig): ManageSection[] {
  return manageSections
    .filter((section) => section.shownFor?.(client) ?? true)
    .sort((a, b) => groupOrder(a) - groupOrder(b));
}

/** The screens a signed-in account's menu offers: staff see only those marked `staffMay`. */
export function sectionsForRole(sections: ManageSection[], role: OwnerRole): ManageSection[] {
  return role === 'owner' ? sections : sections.filter((section) => section.staffMay === true);
}
