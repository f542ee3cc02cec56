import { formatLongDate, type StoredBooking } from '../../../common/booking.js';
import type { ClientConfig } from '../../../common/client-config.js';
import { formatDuration, formatPounds } from '../../../common/money.js';
import { escapeHtml } from '../../kernel/escape-html.js';
import { clientSender } from '../../mail/client-sender.js';
import type { OutgoingMessage } from '../../mail/outbox-store.js';

/** What issue 17 adds to the customer's e-mails: the manage link and the calendar file. */
export interface BookingEmailExtras {
  /** The page to cancel or move the booking; absent when there is none (e.g. no origin known). */
  manageUrl?: string | undefined;
  /** Until when that page takes a change: the owner's cut-off before the start (change-cutoff.ts). */
  changeUntil?: Date | undefined;
  ical?: OutgoingMessage['ical'];
}

/** "Thursday 3 December at 10:00": an instant as the client's customers read it. */
function formatLocalInstant(instant: Date, timeZone: string): string {
  return instant.toLocaleString('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The words before the link to the booking's page, with the owner's cut-off when known. */
function manageLinkWords(changeUntil: Date | undefined, timeZone: string): string {
  return changeUntil
    ? `You can move or cancel your booking online until ${formatLocalInstant(changeUntil, timeZone)} with this link: `
    : 'To move or cancel your booking, use this link: ';
}

/**
 * The two confirmation e-mails of a booking: one to the business (reply goes to the customer)
 * and one to the customer. Every visitor-supplied value is escaped in the HTML part.
 */

export const bookingTemplateIds = {
  business: 'booking-business',
  customer: 'booking-customer',
} as const;

function summaryLines(booking: StoredBooking): Array<[string, string]> {
  return [
    ['Reference', booking.reference],
    ['Date', formatLongDate(booking.bookingDate)],
    ['Time', `${booking.startTime.slice(11, 16)} to ${booking.endTime.slice(11, 16)}`],
    ['Treatments', booking.treatments.map((t) => t.Name).join(', ')],
    // Issue 32: the therapist, when the booking is with one.
    ...(booking.staff ? ([['Therapist', booking.staff.name]] as Array<[string, string]>) : []),
    ['Total time', formatDuration(booking.totalDuration)],
    ['Total price', formatPounds(booking.totalPrice)],
  ];
}

function customerLines(booking: StoredBooking): Array<[string, string]> {
  const c = booking.customer;
  return [
    ['Name', c.name],
    ['E-mail', c.email],
    ['Phone', c.telephone],
    ['Address', `${c.doorNo}, ${c.postCode}`],
    ['Marketing', c.marketing ? 'Yes, happy to hear about offers' : 'No'],
    ['Privacy consent', `Accepted at ${booking.consentAt} (${booking.consentVersion})`],
  ];
}

function htmlTable(rows: Array<[string, string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" style="border-collapse:collapse">${cells}</table>`;
}

function treatmentList(booking: StoredBooking): { html: string; text: string } {
  const items = booking.treatments.map(
    (t) => `${t.Name} (${formatDuration(t.Duration)}, ${formatPounds(t.Price)})`,
  );
  return {
    html: `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    text: items.map((item) => `- ${item}`).join('\n'),
  };
}

const textTable = (rows: Array<[string, string]>) =>
  rows.map(([label, value]) => `${label}: ${value}`).join('\n');

export function renderBookingEmails(
  booking: StoredBooking,
  client: ClientConfig,
  mailFrom: string,
  extras: BookingEmailExtras = {},
): [OutgoingMessage, OutgoingMessage] {
  const from = clientSender(client.title, mailFrom);
  const manage = extras.manageUrl;
  const when = `${formatLongDate(booking.bookingDate)} at ${booking.startTime.slice(11, 16)}`;
  const list = treatmentList(booking);

  const business: OutgoingMessage = {
    clientCode: client.name,
    templateId: bookingTemplateIds.business,
    from,
    to: client.email,
    replyTo: booking.customer.email,
    subject: `New booking ${booking.reference} (#${booking.ID}): ${booking.customer.name}, ${when}`,
    html: [
      `<h1>New booking ${escapeHtml(booking.reference)}</h1>`,
      htmlTable(summaryLines(booking)),
      '<h2>Treatments</h2>',
      list.html,
      '<h2>Customer</h2>',
      htmlTable(customerLines(booking)),
    ].join('\n'),
    text: [
      `New booking ${booking.reference}`,
      textTable(summaryLines(booking)),
      '',
      'Treatments:',
      list.text,
      '',
      'Customer:',
      textTable(customerLines(booking)),
    ].join('\n'),
    idempotencyKey: `booking-${booking.ID}-business`,
  };

  const customer: OutgoingMessage = {
    clientCode: client.name,
    templateId: bookingTemplateIds.customer,
    from,
    to: booking.customer.email,
    replyTo: client.email,
    subject: `Your booking at ${client.title}: ${when} (ref. ${booking.reference})`,
    html: [
      `<p>Dear ${escapeHtml(booking.customer.name)},</p>`,
      `<p>Thank you for booking with ${escapeHtml(client.title)}. Here are your booking details.</p>`,
      htmlTable(summaryLines(booking)),
      list.html,
      manage
        ? `<p>${escapeHtml(manageLinkWords(extras.changeUntil, client.timeZone))}<a href="${escapeHtml(manage)}">${escapeHtml(manage)}</a></p>`
        : '',
      `<p>If you need to change or cancel, reply to this e-mail or contact us at ${escapeHtml(client.email)}${client.telephoneNo ? ` or ${escapeHtml(client.telephoneNo)}` : ''}.</p>`,
      `<p>${escapeHtml(client.title)}<br>${escapeHtml(client.address)}</p>`,
    ]
      .filter(Boolean)
      .join('\n'),
    text: [
      `Dear ${booking.customer.name},`,
      '',
      `Thank you for booking with ${client.title}. Here are your booking details.`,
      '',
      textTable(summaryLines(booking)),
      '',
      list.text,
      '',
      ...(manage ? [`${manageLinkWords(extras.changeUntil, client.timeZone)}${manage}`, ''] : []),
      `If you need to change or cancel, reply to this e-mail or contact us at ${client.email}${client.telephoneNo ? ` or ${client.telephoneNo}` : ''}.`,
      '',
      client.title,
      client.address,
    ].join('\n'),
    idempotencyKey: `booking-${booking.ID}-customer`,
    ical: extras.ical,
  };

  return [business, customer];
}

export const cancellationTemplateId = 'booking-cancelled';

/** What the cancellation e-mail tells the customer. */
export interface CancelledBooking {
  id: number;
  date: string;
  /** HH:mm */
  start: string;
  customerName: string;
  customerEmail: string;
  treatmentNames: string[];
  /**
   * The owner's message to the customer, sent word for word (issue 32). The owner's internal
   * note is not part of this type on purpose: it can never reach an e-mail.
   */
  message?: string | null | undefined;
}

/**
 * The e-mail to the customer when the business cancels their booking; the owner's message if
 * given, and the calendar part that removes the event from their calendar. The back office's
 * preview shows exactly this (diary-service.ts previewCancellation).
 */
export function renderCancellationEmail(
  booking: CancelledBooking,
  client: ClientConfig,
  mailFrom: string,
  ical?: OutgoingMessage['ical'],
): OutgoingMessage {
  const when = `${formatLongDate(booking.date)} at ${booking.start}`;
  const treatments = booking.treatmentNames.join(', ');
  const contact = `${client.email}${client.telephoneNo ? ` or ${client.telephoneNo}` : ''}`;
  const message = booking.message?.trim() ?? '';
  const messageLines = message === '' ? [] : message.split(/\r?\n/);
  return {
    clientCode: client.name,
    templateId: cancellationTemplateId,
    from: clientSender(client.title, mailFrom),
    to: booking.customerEmail,
    replyTo: client.email,
    subject: `Your booking at ${client.title} on ${when} is cancelled`,
    html: [
      `<p>Dear ${escapeHtml(booking.customerName)},</p>`,
      `<p>We are sorry: ${escapeHtml(client.title)} has cancelled your booking for ${escapeHtml(treatments)} on ${escapeHtml(when)}.</p>`,
      message
        ? `<p>A message from ${escapeHtml(client.title)}:</p>\n<p>${messageLines.map(escapeHtml).join('<br>')}</p>`
        : '',
      `<p>To book another time, visit our web site or contact us at ${escapeHtml(contact)}.</p>`,
      `<p>${escapeHtml(client.title)}<br>${escapeHtml(client.address)}</p>`,
    ]
      .filter(Boolean)
      .join('\n'),
    text: [
      `Dear ${booking.customerName},`,
      '',
      `We are sorry: ${client.title} has cancelled your booking for ${treatments} on ${when}.`,
      ...(message ? ['', `A message from ${client.title}:`, ...messageLines] : []),
      '',
      `To book another time, visit our web site or contact us at ${contact}.`,
      '',
      client.title,
      client.address,
    ].join('\n'),
    idempotencyKey: `booking-${booking.id}-cancelled`,
    ical,
  };
}

/** What the e-mails about a visitor's own change (issue 17) tell both sides. */
export interface VisitorChange {
  kind: 'moved' | 'cancelled';
  id: number;
  reference: string;
  sequence: number;
  date: string;
  start: string;
  /** For a move: where it was. */
  previous?: { date: string; start: string } | undefined;
  customerName: string;
  customerEmail: string;
  treatmentNames: string[];
  manageUrl?: string | undefined;
  /** For a move: until when the link takes another change (the owner's cut-off). */
  changeUntil?: Date | undefined;
}

/**
 * The e-mails when the visitor moves or cancels through the manage link: to the customer (with
 * the updated or cancelling calendar part) and to the business (reply goes to the customer).
 */
export function renderVisitorChangeEmails(
  change: VisitorChange,
  client: ClientConfig,
  mailFrom: string,
  ical: OutgoingMessage['ical'],
): [OutgoingMessage, OutgoingMessage] {
  const from = clientSender(client.title, mailFrom);
  const when = `${formatLongDate(change.date)} at ${change.start}`;
  const was = change.previous
    ? `${formatLongDate(change.previous.date)} at ${change.previous.start}`
    : '';
  const treatments = change.treatmentNames.join(', ');
  const customerText =
    change.kind === 'moved'
      ? [
          `Dear ${change.customerName},`,
          '',
          `Your booking ${change.reference} for ${treatments} at ${client.title} has moved from ${was} to ${when}.`,
          ...(change.manageUrl
            ? [
                '',
                change.changeUntil
                  ? `You can move or cancel it again online until ${formatLocalInstant(change.changeUntil, client.timeZone)}: ${change.manageUrl}`
                  : `To move or cancel it again: ${change.manageUrl}`,
              ]
            : []),
        ]
      : [
          `Dear ${change.customerName},`,
          '',
          `Your booking ${change.reference} for ${treatments} at ${client.title} on ${when} is cancelled, as you asked.`,
        ];
  customerText.push('', client.title, client.address);
  const businessText =
    change.kind === 'moved'
      ? `${change.customerName} moved booking ${change.reference} (${treatments}) from ${was} to ${when}.`
      : `${change.customerName} cancelled booking ${change.reference} (${treatments}) on ${when}.`;
  const key = `booking-${change.id}-${change.kind}-${change.sequence}`;
  const asHtml = (lines: string[]) =>
    lines
      .filter((line) => line !== '')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n');
  const subjectWhat = change.kind === 'moved' ? `moved to ${when}` : `cancelled (${when})`;
  return [
    {
      clientCode: client.name,
      templateId: `booking-visitor-${change.kind}`,
      from,
      to: change.customerEmail,
      replyTo: client.email,
      subject: `Your booking ${change.reference} at ${client.title} is ${subjectWhat}`,
      html: asHtml(customerText),
      text: customerText.join('\n'),
      idempotencyKey: `${key}-customer`,
      ical,
    },
    {
      clientCode: client.name,
      templateId: `booking-visitor-${change.kind}-business`,
      from,
      to: client.email,
      replyTo: change.customerEmail,
      subject: `Booking ${change.reference} (#${change.id}) ${subjectWhat} by ${change.customerName}`,
      html: asHtml([businessText]),
      text: businessText,
      idempotencyKey: `${key}-business`,
    },
  ];
}

/** The reminder a set time before the appointment (issue 17). */
export function renderReminderEmail(
  booking: {
    id: number;
    reference: string;
    sequence: number;
    date: string;
    start: string;
    customerName: string;
    customerEmail: string;
    treatmentNames: string[];
    /** The therapist (issue 32), when one is assigned. */
    staffName?: string | undefined;
  },
  client: ClientConfig,
  mailFrom: string,
  notBefore: Date,
): OutgoingMessage {
  const when = `${formatLongDate(booking.date)} at ${booking.start}`;
  const lines = [
    `Dear ${booking.customerName},`,
    '',
    `A reminder of your booking ${booking.reference} for ${booking.treatmentNames.join(', ')}${booking.staffName ? ` with ${booking.staffName}` : ''} at ${client.title} on ${when}.`,
    '',
    `If you cannot come, please let us know: ${client.email}${client.telephoneNo ? ` or ${client.telephoneNo}` : ''}.`,
    '',
    client.title,
    client.address,
  ];
  return {
    clientCode: client.name,
    templateId: 'booking-reminder',
    from: clientSender(client.title, mailFrom),
    to: booking.customerEmail,
    replyTo: client.email,
    subject: `Reminder: ${when} at ${client.title}`,
    html: lines
      .filter((line) => line !== '')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n'),
    text: lines.join('\n'),
    idempotencyKey: reminderKey(booking.id, booking.sequence),
    notBefore,
  };
}

/** One reminder per booking and version of it: a move queues a new one under a new key. */
export function reminderKey(id: number, sequence: number): string {
  return `booking-${id}-reminder-${sequence}`;
}

/** The customer's e-mail for a held booking: the details, by when, and the confirm link. */
export function renderConfirmRequestEmail(
  booking: StoredBooking,
  client: ClientConfig,
  mailFrom: string,
  link: string,
  heldUntil: Date,
): OutgoingMessage {
  const when = `${formatLongDate(booking.bookingDate)} at ${booking.startTime.slice(11, 16)}`;
  const until = formatLocalInstant(heldUntil, client.timeZone);
  const treatments = booking.treatments.map((t) => t.Name).join(', ');
  const lines = [
    `Dear ${booking.customer.name},`,
    '',
    `Thank you for booking ${treatments} (${formatDuration(booking.totalDuration)}) with ${booking.staff ? `${booking.staff.name} at ` : ''}${client.title} on ${when}, reference ${booking.reference}.`,
    '',
    `As this is your first booking with us, please confirm it by ${until}: ${link}`,
    '',
    `We hold the time for you until then; if it is not confirmed by then, the time is released and the booking lapses.`,
    '',
    client.title,
    client.address,
  ];
  return {
    clientCode: client.name,
    templateId: 'booking-confirm-request',
    from: clientSender(client.title, mailFrom),
    to: booking.customer.email,
    replyTo: client.email,
    subject: `Please confirm your booking at ${client.title}: ${when}`,
    html: lines
      .filter((line) => line !== '')
      .map((line) =>
        line.includes(link)
          ? `<p>${escapeHtml(line.replace(link, ''))}<a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          : `<p>${escapeHtml(line)}</p>`,
      )
      .join('\n'),
    text: lines.join('\n'),
    idempotencyKey: `booking-${booking.ID}-confirm-request`,
  };
}
