/**
 * How long the sites keep what visitors send: the privacy page prints these, and the retention
 * job (src/server/retention, decision 0063) anonymises and deletes on them. Orders are tax
 * records: HMRC asks for six years. Enquiries and bookings are kept long enough to answer a
 * question about them, then go.
 */
export const retentionYears = {
  orders: 6,
  bookings: 2,
  enquiries: 2,
} as const;
