import { describe, expect, it } from 'vitest';
import type { CustomerExport } from '../../common/customer-data.js';
import { csvCell, customerExportCsv, ukDateTime, ukDay } from './customer-export-csv.js';

const data: CustomerExport = {
  exportedAt: '2026-11-26T10:00:00.000Z',
  business: 'Salon',
  customer: {
    id: 7,
    name: 'Ann "Nan" Example',
    email: 'ann@example.com',
    telephone: '07700 900123',
    marketing: true,
    consentAt: '2026-06-01T09:30:00.000Z',
    consentSource: 'online booking',
    createdAt: '2026-06-01T09:30:00.000Z',
    updatedAt: '2026-06-01T09:30:00.000Z',
    lastActivityAt: '2026-06-01T09:30:00.000Z',
  },
  mergedRecords: [],
  notes: [
    {
      kind: 'allergy',
      text: 'Latex,\nand nuts',
      patchTestDate: null,
      patchTestResult: null,
      createdAt: '2026-01-05T12:00:00.000Z',
    },
  ],
  bookings: [
    {
      reference: 'RRB-ABC',
      date: '2026-07-04',
      time: '10:00',
      endTime: '11:00',
      status: 'completed',
      source: 'online',
      staff: 'Eilidh',
      name: 'Ann Example',
      email: 'ann@example.com',
      telephone: '07700 900123',
      doorNo: '12',
      postCode: 'SE1 1AA',
      marketing: false,
      consentAt: '2026-06-01T09:30:00.000Z',
      createdAt: '2026-06-01T09:30:00.000Z',
      cancelledAt: null,
      cancelReason: null,
      cancelMessage: null,
      internalNote: null,
      valuePence: 4550,
      treatments: [{ name: 'Facial', pricePence: 4550, durationMinutes: 60 }],
    },
  ],
  orders: [],
  enquiries: [{ at: '2026-02-01T15:00:00.000Z', form: 'contact', subject: '=cmd()' }],
  emails: [],
  reviewRequests: [],
  audit: [],
};

describe('the customer export as CSV', () => {
  it('quotes what needs it and keeps formulas as text', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell(null)).toBe('');
  });

  it('writes UK dates in the client’s zone', () => {
    expect(ukDateTime('2026-06-01T09:30:00.000Z', 'Europe/London')).toBe('01/06/2026 10:30');
    expect(ukDateTime('2026-01-05T12:00:00.000Z', 'Europe/London')).toBe('05/01/2026 12:00');
    expect(ukDay('2026-07-04')).toBe('04/07/2026');
  });

  it('is one flat table with a record column, a byte order mark and CRLF lines', () => {
    const csv = customerExportCsv(data, 'Europe/London');
    expect(csv.startsWith('\uFEFFrecord,reference,date,status,')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toMatch(
      /^customer,7,01\/06\/2026 10:30,,"Ann ""Nan"" Example",ann@example.com,/,
    );
    expect(csv).toContain('note,,05/01/2026 12:00,allergy,');
    expect(csv).toContain('"Latex,\nand nuts"');
    expect(csv).toContain('booking,RRB-ABC,04/07/2026 10:00,completed,Ann Example,');
    expect(csv).toContain('£45.50');
    expect(csv).toContain('booking-treatment,RRB-ABC,04/07/2026,');
    expect(csv).toContain("enquiry,,01/02/2026 15:00,contact,,,,,,'=cmd(),");
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
