import { afterAll, beforeAll, expect, it } from 'vitest';
import { textMessages } from '../../src/common/text-rules.js';
import { freeBookingRequest } from '../support/booking-request.js';
import { countRows } from '../support/count-rows.js';
import { describeEachDatabase } from '../support/each-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 14, probes 5 and 8: NUL gave 500 on PostgreSQL; line breaks forged lines in mail. */
describeEachDatabase('control characters and line breaks', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      MAIL_RELAY_LIMIT_PER_IP: '1000000',
      BOOKING_LIMIT_PER_IP: '1000000',
    });
  });
  afterAll(async () => t?.close());

  it('a booking with NUL or a line break in a one-line field is refused with 400, nothing stored', async () => {
    const before = await countRows(t.handle.db, 'bookings');
    for (const customer of [
      { postCode: 'EH1\u0000 1AA' },
      { name: 'Ann\u0000' },
      { doorNo: '12 Rose Lane\r\nBcc: victim@evil.example' },
      { email: 'ann@example.com\nBcc: victim@evil.example' },
      { telephone: '0770090012\n' + '3' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/create?client=RRB',
        payload: await freeBookingRequest(t, customer),
      });
      expect(res.statusCode, JSON.stringify(customer)).toBe(400);
      const message: string = res.json().message;
      expect(
        [textMessages.control, textMessages.singleLine, 'valid e-mail', 'phone number'].some((m) =>
          message.includes(m),
        ),
        message,
      ).toBe(true);
    }
    expect(await countRows(t.handle.db, 'bookings')).toBe(before);
  });

  it('the relay refuses NUL in JSON and in multipart, and a line break in the cart price', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/email/send',
      payload: {
        user_id: 'hs_pub_JS',
        service_id: 'highstreet',
        template_id: 'contact',
        template_params: {
          name: 'Ann',
          email: 'a@example.com',
          telephone: '1',
          message: 'a\u0000b',
        },
      },
    });
    expect(json.statusCode).toBe(400);
    expect(json.body).toBe(textMessages.control);

    const boundary = 'hsboundary';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/email/send-form',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        field('user_id', 'hs_pub_JS') +
        field('service_id', 'highstreet') +
        field('template_id', 'contact') +
        field('name', 'Ann') +
        field('email', 'a@example.com') +
        field('telephone', '1') +
        field('message', 'a\u0000b') +
        `--${boundary}--\r\n`,
    });
    expect(form.statusCode).toBe(400);
    expect(form.body).toBe(textMessages.control);

    // Orders are placed at checkout now; the travel template still takes the cart fields.
    const travel = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/email/send',
      payload: {
        user_id: 'hs_pub_JS',
        service_id: 'highstreet',
        template_id: 'travel',
        template_params: {
          name: 'Ann',
          email: 'a@example.com',
          telephone: '1',
          cartPrice: '£10\r\nBcc: victim@evil.example',
        },
      },
    });
    expect(travel.statusCode).toBe(400);
    expect(travel.body).toBe(textMessages.singleLine);
  });
});
