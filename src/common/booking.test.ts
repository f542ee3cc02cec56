import { describe, expect, it } from 'vitest';
import {
  addDays,
  availableTimesRequestSchema,
  bookingCustomerFormSchema,
  bookingMessages,
  createBookingRequestSchema,
  formatLongDate,
  isRealDate,
  splitStartTime,
  todayInTimeZone,
} from './booking';

const validCustomer = {
  name: 'Ann',
  email: 'ann@example.com',
  telephone: '07700900123',
  doorNo: '1',
  postCode: 'EH1 1AA',
  gdprConsent: true,
  marketing: false,
};

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('booking payloads', () => {
  it('checks calendar dates and splits start times', () => {
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2027-02-29')).toBe(false);
    expect(splitStartTime('2026-12-09 09:45:00')).toEqual({ date: '2026-12-09', minuteOfDay: 585 });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(formatLongDate('2026-12-09')).toMatch(/^Wednesday,? 9 December 2026$/);
    expect(todayInTimeZone('Europe/London', new Date('2027-06-30T23:30:00Z'))).toBe('2027-07-01');
  });

  it('accepts the spec\u2019s time request, including the duration as a numeric string', () => {
    expect(
      availableTimesRequestSchema.parse({ bookingDate: '2026-12-09', estmatedDuration: '60' }),
    ).toEqual({
      bookingDate: '2026-12-09',
      estmatedDuration: 60,
    });
    expect(
      availableTimesRequestSchema.safeParse({ bookingDate: '2026-12-09', estmatedDuration: 0 })
        .success,
    ).toBe(false);
  });

  it('gives the customer form its messages: phone 10 to 11 characters, e-mail format, consent', () => {
    expect(bookingCustomerFormSchema.safeParse(validCustomer).success).toBe(true);
    expect(
      messagesOf(bookingCustomerFormSchema.safeParse({ ...validCustomer, telephone: '077009001' })),
    ).toEqual([bookingMessages.telephone]);
    expect(
      bookingCustomerFormSchema.safeParse({ ...validCustomer, telephone: '0770090012' }).success,
    ).toBe(true);
    expect(
      messagesOf(
        bookingCustomerFormSchema.safeParse({ ...validCustomer, telephone: '077009001234' }),
      ),
    ).toEqual([bookingMessages.telephone]);
    expect(
      messagesOf(bookingCustomerFormSchema.safeParse({ ...validCustomer, email: 'ann@' })),
    ).toEqual([bookingMessages.emailFormat]);
    expect(
      messagesOf(bookingCustomerFormSchema.safeParse({ ...validCustomer, email: '' })),
    ).toContain(bookingMessages.email);
    expect(
      messagesOf(bookingCustomerFormSchema.safeParse({ ...validCustomer, gdprConsent: false })),
    ).toEqual([bookingMessages.gdprConsent]);
  });

  it('accepts the spec\u2019s create payload and refuses duplicate treatments', () => {
    const payload = {
      totalPrice: 39.5,
      totalDuration: 60,
      startTime: '2026-12-09 10:00:00',
      endTime: '2026-12-09 12:00:00',
      customer: { ...validCustomer, dob: '1900-01-01 00:00:00', gift: false },
      treatments: [{ ID: 1, Name: 'Gel Manicure', Price: 27.5 }, { ID: 7 }],
    };
    expect(createBookingRequestSchema.safeParse(payload).success).toBe(true);
    expect(
      messagesOf(
        createBookingRequestSchema.safeParse({ ...payload, treatments: [{ ID: 1 }, { ID: 1 }] }),
      ),
    ).toEqual(['each treatment can be chosen only once']);
    expect(
      createBookingRequestSchema.safeParse({ ...payload, startTime: '2026-12-09 10:00:30' })
        .success,
    ).toBe(false);
  });
});
