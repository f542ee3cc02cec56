import { describe, expect, it } from 'vitest';
import { formatCsvRow } from './csv.js';
import {
  bookingLine,
  exportFileName,
  instantsOfPeriod,
  orderLine,
  reportLines,
  startOfLocalDay,
} from './export-tables.js';

describe('export lines', () => {
  it('writes a booking with UK date, times and pounds', () => {
    const line = bookingLine(
      {
        id: 1,
        reference: 'RRB-ABC123',
        booking_date: '2026-12-03',
        start_minute: 570,
        end_minute: 630,
        status: 'booked',
        source: 'online',
        customer_name: 'Lee, Ann',
        customer_email: 'ann@example.com',
        customer_telephone: '+44 7700 900000',
        total_price_pence: 4550,
        total_duration_minutes: 60,
        created_at: '2026-11-26T10:00:00.000Z',
        staff_name: null,
        treatments: 'Gel nails; Brows',
      },
      'Europe/London',
    );
    expect(formatCsvRow(line)).toBe(
      'RRB-ABC123,03/12/2026,09:30,10:30,booked,online,"Lee, Ann",ann@example.com,\'+44 7700 900000,Gel nails; Brows,,45.50,60,26/11/2026 10:00\r\n',
    );
  });

  it('turns an order kept in pounds into pounds with two decimals', () => {
    const base = {
      id: 1,
      order_number: 'SE-000001',
      status: 'new',
      customer_name: 'A',
      customer_email: 'a@example.com',
      customer_telephone: '07700900000',
      customer_address: '1 High St',
      created_at: '2026-06-01T23:30:00.000Z',
      items: '1 × Tub',
    };
    expect(orderLine({ ...base, total: 4999.5, prices_in_pence: 0 }, 'Europe/London')).toContain(
      '02/06/2026 00:30',
    );
    expect(
      orderLine({ ...base, total: 4999.5, prices_in_pence: 0 }, 'Europe/London').at(-1),
    ).toEqual({
      figure: '4999.50',
    });
    expect(orderLine({ ...base, total: 1299, prices_in_pence: 1 }, 'Europe/London').at(-1)).toEqual(
      {
        figure: '12.99',
      },
    );
  });
});

describe('periods', () => {
  it('starts a London day at local midnight, summer and winter', () => {
    expect(startOfLocalDay('2026-07-01', 'Europe/London')).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfLocalDay('2026-12-01', 'Europe/London')).toBe('2026-12-01T00:00:00.000Z');
    expect(instantsOfPeriod({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/London')).toEqual({
      from: '2026-03-29T00:00:00.000Z',
      toExclusive: '2026-03-29T23:00:00.000Z',
    });
  });

  it('names the file after the client, the export and the period', () => {
    expect(exportFileName('RRB', 'bookings', { from: '2026-11-01', to: '2026-11-30' })).toBe(
      'rrb-bookings-2026-11-01-to-2026-11-30.csv',
    );
    expect(exportFileName('SE', 'customers', undefined)).toBe('se-customers.csv');
  });

  it("writes a report's table: its heading, rows in pounds, the total, formulas as text", () => {
    const lines = reportLines({
      from: '2026-11-01',
      to: '2026-11-30',
      by: 'product',
      countLabel: 'Items sold',
      rows: [
        { key: '1', label: 'Oasis tub', count: 2, value: 999_800 },
        { key: '2', label: '=Cover, large', count: 1, value: 5 },
      ],
      total: { count: 3, value: 999_805 },
    }).map(formatCsvRow);
    expect(lines).toEqual([
      'Product,Items sold,Value (£)\r\n',
      'Oasis tub,2,9998.00\r\n',
      `"'=Cover, large",1,0.05\r\n`,
      'Total,3,9998.05\r\n',
    ]);
  });
});
