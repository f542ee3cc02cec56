/**
 * A customer's data request (issue 33, docs/decisions/0066-customer-data-requests.md): everything
 * the site holds on one person, as the export answers it (JSON; the CSV is the same flattened),
 * and what erasing them did. Money is pence; instants are ISO 8601 (UTC), days YYYY-MM-DD.
 */

export interface ExportedCustomerRecord {
  id: number;
  name: string;
  email: string | null;
  telephone: string | null;
  marketing: boolean;
  consentAt: string | null;
  consentSource: string | null;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string;
}

export interface ExportedNote {
  kind: string;
  text: string;
  patchTestDate: string | null;
  patchTestResult: string | null;
  createdAt: string;
}

export interface ExportedBooking {
  reference: string | null;
  date: string;
  /** HH:mm, the client's local time. */
  time: string;
  endTime: string;
  status: string;
  source: string;
  staff: string | null;
  name: string;
  email: string;
  telephone: string;
  doorNo: string;
  postCode: string;
  marketing: boolean;
  consentAt: string;
  createdAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  cancelMessage: string | null;
  internalNote: string | null;
  valuePence: number;
  treatments: { name: string; pricePence: number; durationMinutes: number }[];
}

export interface ExportedOrder {
  orderNumber: string;
  status: string;
  statusNote: string | null;
  createdAt: string;
  name: string;
  email: string;
  telephone: string;
  address: string;
  message: string;
  valuePence: number;
  lines: { title: string; unitPricePence: number; quantity: number }[];
}

export interface ExportedEnquiry {
  at: string;
  form: string;
  subject: string;
}

export interface ExportedEmail {
  createdAt: string;
  sentAt: string | null;
  status: string;
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
}

export interface ExportedReviewRequest {
  createdAt: string;
  usedAt: string | null;
  name: string;
  email: string;
}

export interface ExportedAuditLine {
  at: string;
  action: string;
  detail: Record<string, unknown>;
}

export interface CustomerExport {
  exportedAt: string;
  business: string;
  customer: ExportedCustomerRecord;
  /** Other records of the same person the owner merged into this one. */
  mergedRecords: ExportedCustomerRecord[];
  notes: ExportedNote[];
  bookings: ExportedBooking[];
  orders: ExportedOrder[];
  enquiries: ExportedEnquiry[];
  /** Every e-mail in the outbox to or from them, or about their bookings and orders. */
  emails: ExportedEmail[];
  reviewRequests: ExportedReviewRequest[];
  /** The back office's audit lines about their record (they hold no personal details). */
  audit: ExportedAuditLine[];
}

/** What erasing one customer did (POST /api/manage/customers/:id/erase), counts only. */
export interface ErasedCustomer {
  customerId: number;
  bookingsAnonymised: number;
  ordersAnonymised: number;
  notesDeleted: number;
  enquiriesDeleted: number;
  emailsDeleted: number;
  reviewRequestsDeleted: number;
  /** Records of the same person merged into this one, erased with it. */
  mergedRecordsErased: number;
}

/** The export's file name: no name or e-mail in it (it shows in download lists). */
export function customerExportFileName(customerId: number, format: 'json' | 'csv'): string {
  return `customer-${customerId}.${format}`;
}
