/**
 * The tab bar's icons, one per screen path ('' is Home), drawn as 24px outlines in the text
 * colour. Decorative: every tab also says its name.
 */
const outlines: Record<string, string> = {
  '': 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-6h3v6h5V9.5',
  diary: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3v3H8z',
  hours: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3.5 2',
  treatments: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  orders: 'M5 8h14l-1.2 12H6.2zM9 8V6.5a3 3 0 0 1 6 0V8',
  products: 'M3.5 12.5 12 4h7.5v7.5L11 20zM15.5 8h.01',
  // Three labelled tags in a stack: the shop's categories.
  'shop-categories': 'M4 5h9l3 3-3 3H4zM4 13h9l3 3-3 3H4zM18 8h2M18 16h2',
  content: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  // One person, head and shoulders: the staff who take bookings.
  staff: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 21c0-4.1 3.4-7 7.5-7s7.5 2.9 7.5 7',
  // A calendar page with a link's chain: the private calendar links.
  'calendar-feeds':
    'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M10 15.5h4M9 13.5a2 2 0 0 0 0 4M15 13.5a2 2 0 0 1 0 4',
  // A card with a person and lines of notes: the customer records.
  customers:
    'M3 5h18v14H3zM8.5 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5.5 16c.5-1.7 1.6-2.5 3-2.5s2.5.8 3 2.5M14 9h4M14 12h4M14 15h3',
  // A star: the reviews.
  reviews: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  // Three bars rising on a base line: the reports.
  reports: 'M4 20h16M7 17v-5M12 17V7M17 17v-8',
  // A delivery van: the shop's settings (VAT, collection, delivery zones).
  'shop-settings':
    'M2.5 6h11v10h-11zM13.5 9.5h4l3 3.5v3h-7M6.5 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM17 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  // A price tag with a percent: the discount codes.
  'discount-codes': 'M3.5 12.5 12 4h7.5v7.5L11 20zM15.5 8h.01M9.5 15.5l4-4M10 12h.01M13 15h.01',
  outbox: 'M3 6h18v12H3zM3 6l9 7 9-7',
  // Issue 36: a bank card with its stripe, for card payments.
  payments: 'M3 6h18v12H3zM3 10h18M6.5 14.5h4',
  // Bars rising, with a down arrow: visits counted, and the downloads.
  visits: 'M4 20h16M6 16v-3M10 16V9M14 16v-5M18 6v6M16 10l2 2 2-2',
  // A sun on the horizon: the morning e-mail.
  'morning-email': 'M3 18h18M7 18a5 5 0 0 1 10 0M12 5v3M5 10.5l2 1.5M19 10.5l-2 1.5M6 21h12',
  team: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14c2 .8 3 3 3 6',
  audit: 'M12 3 4.5 6v5.5c0 4.5 3.2 8.3 7.5 9.5 4.3-1.2 7.5-5 7.5-9.5V6zM9 12l2 2 4-4',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
};

export function NavIcon({ name }: { name: string }) {
  return (
    <svg
      className="manage-nav__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={outlines[name] ?? outlines.more}
        fill="none"
        stroke="currentColor"
        strokeWidth={name === 'more' ? 3 : 1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
