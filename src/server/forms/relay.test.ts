import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../../../tests/support/count-rows.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { textMessages } from '../../common/text-rules.js';
import { relayMessages } from '../mail/compose-message.js';
import { readMail } from '../mail/mime-for-tests.js';
import { claimDueMessages, enqueueMessage, retryFailedMessages } from '../mail/outbox-store.js';
import {
  createOutboxWorker,
  smtpDelivery,
  type DeliverMessage,
  type OutboxWorker,
} from '../mail/outbox-worker.js';

const highLimits = { MAIL_RELAY_LIMIT_PER_IP: '100000', MAIL_RELAY_LIMIT_PER_CLIENT: '100000' };
const fastRetries = {
  maxAttempts: 8,
  baseDelayMs: 100,
  maxDelayMs: 400,
  leaseMs: 10_000,
  pollIntervalMs: 50,
  batchSize: 5,
};
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const jsRequest = (params: Record<string, unknown>, template = 'contact') => ({
  lib_version: '4.4.1',
  user_id: 'hs_pub_JS',
  service_id: 'highstreet',
  template_id: template,
  template_params: params,
});

const contact = {
  name: 'Ann Example',
  email: 'ann@example.com',
  telephone: '07700 900123',
  message: 'Can you find us a week in Crete in June?',
};

describeEachDatabase('the e-mail relay', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let worker: OutboxWorker;
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1.0/email/send', payload: body as object, headers });
  const outboxCount = () => countRows(t.handle.db, 'outbox');

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(kind, { ...highLimits, SMTP_URL: sink.url });
    worker = createOutboxWorker({
      ...fastRetries,
      db: t.handle.db,
      dbKind: t.handle.kind,
      deliver: smtpDelivery(sink.url),
      log: quietLog,
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await sink?.close();
  });

  it('stores the message, answers OK, and delivers it to the client only', async () => {
    const res = await send(jsRequest(contact));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(res.headers['content-type']).toContain('text/plain');
    const mail = await sink.waitFor((m) => m.raw.includes('Crete in June'));
    expect(mail.to).toEqual(['joanne@jetsettravelclub.co.uk']);
    expect(mail.from).toBe('no-reply@highstreet.localhost');
    const read = readMail(mail.raw);
    expect(read.header('subject')).toEqual(['[Jet Set Travel Club] New enquiry from Ann Example']);
    expect(read.header('reply-to')).toEqual(['ann@example.com']);
    // Issue 17: the client's own name over the configured address.
    expect(read.header('from')).toEqual(['Jet Set Travel Club <no-reply@highstreet.localhost>']);
    expect(read.header('to')).toEqual(['joanne@jetsettravelclub.co.uk']);
    expect(read.html).toContain(
      '<td style="border-bottom:1px solid #ddd;white-space:pre-wrap">07700 900123</td>',
    );
    expect(read.text).toContain('Message: Can you find us a week in Crete in June?');
    const row = await t.handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', 'like', '%Ann Example%')
      .executeTakeFirstOrThrow();
    await waitUntil(async () => {
      const current = await t.handle.db
        .selectFrom('outbox')
        .select('status')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return current.status === 'sent';
    });
  });

  it('ignores any recipient the request names: the relay is not open', async () => {
    const res = await send({
      ...jsRequest({ ...contact, message: 'not-open-relay', to_email: 'victim@example.com' }),
      to: 'victim@example.com',
    });
    expect(res.statusCode).toBe(200);
    const mail = await sink.waitFor((m) => m.raw.includes('not-open-relay'));
    expect(mail.to).toEqual(['joanne@jetsettravelclub.co.uk']);
    expect(mail.raw).not.toContain('victim@example.com');
  });

  it('lets a <script> in any field arrive as text', async () => {
    const script = '<script>alert(1)</script>';
    const res = await send(
      jsRequest({
        name: `Eve ${script}`,
        email: `eve${script}@example.com`,
        telephone: `0770 ${script}`,
        message: `script-test ${script} <img src=x onerror=alert(2)>`,
      }),
    );
    expect(res.statusCode).toBe(200);
    const mail = await sink.waitFor((m) => m.raw.includes('script-test'));
    const read = readMail(mail.raw);
    expect(read.html).not.toMatch(/<script|<img/i);
    expect(read.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(read.html).toContain('Eve &#60;script&#62;');
    expect(read.text).toContain(`script-test ${script}`);
    // Not a valid address, so no Reply-To at all.
    expect(read.header('reply-to')).toEqual([]);
  });

  it('refuses CR and LF in one-line fields, so no line can be forged in headers or the body', async () => {
    for (const forged of [
      { name: 'Mallory\r\nBcc: victim@example.com\r\nX-Injected: yes' },
      { email: 'mallory@example.com\r\nBcc: victim2@example.com' },
      { telephone: '0770\r\nX-Phone: 1' },
      { name: 'Mallory\u2028Bcc: victim@example.com' },
    ]) {
      const res = await send(
        jsRequest({
          name: 'Mallory',
          email: 'mallory@example.com',
          telephone: '0770',
          message: 'crlf-test',
          ...forged,
        }),
      );
      expect(res.statusCode, JSON.stringify(forged)).toBe(400);
      expect(res.body).toBe(textMessages.singleLine);
    }
  });

  it('refuses NUL and other control characters with 400, on both databases', async () => {
    const res = await send(
      jsRequest({ name: 'Ann', email: 'ann@example.com', telephone: '0770', message: 'a\u0000b' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(textMessages.control);
  });

  it('keeps the lines of the message itself', async () => {
    const res = await send(
      jsRequest({
        name: 'Ann',
        email: 'ann@example.com',
        telephone: '0770',
        message: 'lines-test\r\nsecond line',
      }),
    );
    expect(res.statusCode).toBe(200);
    const mail = await sink.waitFor((m) => m.raw.includes('lines-test'));
    expect(readMail(mail.raw).text).toMatch(/lines-test\r?\nsecond line/);
  });

  const deepArray = (depth: number): unknown => {
    let value: unknown = 'x';
    for (let i = 0; i < depth; i += 1) value = [value];
    return value;
  };
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('refuses requests like EmailJS does, naming the missing or wrong item', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...jsRequest(contact), user_id: undefined }, relayMessages.userIdRequired],
      [{ ...jsRequest(contact), service_id: '' }, relayMessages.serviceIdRequired],
      [{ ...jsRequest(contact), template_id: undefined }, relayMessages.templateIdRequired],
      [{ ...jsRequest(contact), template_params: 'name=Ann' }, relayMessages.paramsNotObject],
      [{ ...jsRequest(contact), template_params: [contact] }, relayMessages.paramsNotObject],
      // Issue 30: only flat params, as EmailJS templates read them.
      [jsRequest({ ...contact, message: deepArray(1000) }), relayMessages.paramsNotFlat],
      [jsRequest({ ...contact, name: { first: 'Ann' } }), relayMessages.paramsNotFlat],
      [jsRequest({ ...contact, telephone: ['0770'] }), relayMessages.paramsNotFlat],
      [
        jsRequest({ ...contact, ...Object.fromEntries(range(61).map((i) => [`p${i}`, 'x'])) }),
        relayMessages.tooManyParams,
      ],
      [{ ...jsRequest(contact), user_id: 'hs_pub_NOPE' }, relayMessages.userIdInvalid],
      [{ ...jsRequest(contact), service_id: 'gmail' }, relayMessages.serviceIdInvalid],
      [jsRequest(contact, 'booking_secret'), relayMessages.templateIdInvalid],
      [jsRequest({ ...contact, name: '  ' }), 'Please enter Name'],
      [
        jsRequest({ message: 'only a message' }),
        'Please enter Name; Please enter Email; Please enter Phone number',
      ],
    ];
    const before = await outboxCount();
    for (const [body, reason] of cases) {
      const res = await send(body);
      expect({ status: res.statusCode, body: res.body }).toEqual({ status: 400, body: reason });
      expect(res.headers['content-type']).toContain('text/plain');
    }
    expect(await outboxCount()).toBe(before);
  });

  it('takes numbers, true/false and null (a missing value) as template params', async () => {
    const res = await send(
      jsRequest({ ...contact, telephone: 7700900123, subscribe: true, company: null }),
    );
    expect({ status: res.statusCode, body: res.body }).toEqual({ status: 200, body: 'OK' });
  });

  it('limits the body size', async () => {
    const res = await send(jsRequest({ ...contact, message: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
  });

  it('accepts the multipart send-form with the same ids and answers', async () => {
    const form = (fields: Record<string, string>) => {
      const boundary = '----highstreet-test';
      const body =
        Object.entries(fields)
          .map(
            ([name, value]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join('') + `--${boundary}--\r\n`;
      return t.app.inject({
        method: 'POST',
        url: '/api/v1.0/email/send-form',
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    const ok = await form({
      lib_version: '4.4.1',
      user_id: 'hs_pub_JS',
      service_id: 'highstreet',
      template_id: 'contact',
      ...contact,
      message: 'multipart-test',
    });
    expect({ status: ok.statusCode, body: ok.body }).toEqual({ status: 200, body: 'OK' });
    await sink.waitFor((m) => m.raw.includes('multipart-test'));
    const boundary = '----highstreet-file';
    const withFile = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/email/send-form',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="user_id"\r\n\r\nhs_pub_JS\r\n--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.exe"\r\nContent-Type: application/octet-stream\r\n\r\nMZ\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect({ status: withFile.statusCode, body: withFile.body }).toEqual({
      status: 400,
      body: 'Attachments are not accepted',
    });
    const missing = await form({ user_id: 'hs_pub_JS', template_id: 'contact', ...contact });
    expect({ status: missing.statusCode, body: missing.body }).toEqual({
      status: 400,
      body: relayMessages.serviceIdRequired,
    });
  });

  it('accepts a replayed idempotency key once and sends one message', async () => {
    const body = jsRequest({ ...contact, message: 'idempotent-test' });
    const headers = { 'idempotency-key': 'a6c1a3a8-3c55-4d57-9a64-7c0f5b0e1a11' };
    const before = await outboxCount();
    const answers = await Promise.all([
      send(body, headers),
      send(body, headers),
      send(body, headers),
    ]);
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
      [200, 'OK'],
      [200, 'OK'],
      [200, 'OK'],
    ]);
    expect(await outboxCount()).toBe(before + 1);
    await sink.waitFor((m) => m.raw.includes('idempotent-test'));
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.messages.filter((m) => m.raw.includes('idempotent-test'))).toHaveLength(1);
    const bad = await send(body, { 'idempotency-key': 'bad key!' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 422 when an idempotency key is reused for a different message', async () => {
    const headers = { 'idempotency-key': 'reuse-key-7c0f5b0e1a11' };
    const first = await send(jsRequest({ ...contact, message: 'first-body' }), headers);
    expect(first.statusCode).toBe(200);
    const before = await outboxCount();
    const other = await send(jsRequest({ ...contact, message: 'second-body' }), headers);
    expect(other.statusCode).toBe(422);
    expect(other.body).toMatch(/already used for a different message/);
    expect(await outboxCount()).toBe(before);
  });

  it('drops a message whose honeypot field is filled, answering OK', async () => {
    const before = await outboxCount();
    const res = await send(
      jsRequest({ ...contact, message: 'honeypot-test', website: 'spam.example' }),
    );
    expect({ status: res.statusCode, body: res.body }).toEqual({ status: 200, body: 'OK' });
    expect(await outboxCount()).toBe(before);
  });

  it('refuses the order template, whose figures would come from the sender, and renders the travel enquiry fields', async () => {
    const before = await outboxCount();
    const order = await send({
      ...jsRequest(
        {
          ...contact,
          address: '1 High Street',
          message: 'order-test',
          cart: '<table><tr><td>Oasis Tub</td><td>1</td></tr></table>',
          cartPrice: '£1,00',
        },
        'order',
      ),
      user_id: 'hs_pub_SE',
      service_id: t.registry.byCode('SE')!.emailService.serviceId,
      template_id: t.registry.byCode('SE')!.emailService.templates.order,
    });
    expect(order.statusCode).toBe(400);
    expect(order.body).toContain('Orders are placed at checkout');
    expect(await outboxCount()).toBe(before);

    const travel = await send(
      jsRequest(
        {
          ...contact,
          message: '',
          address: '',
          cart: '',
          cartPrice: '',
          destination: 'Crete',
          stayDuration: '7 nights',
          noOfAdults: '2',
          children: '2',
          childrenAges: '4 and 7',
          board: 'All inclusive',
          roomType: 'Family room',
          bedConfig: '1 double, 2 singles',
          area: 'Near the beach',
          hotels: 'travel-test hotels',
          budget: '£3,000',
          other: 'Pool please',
        },
        'travel',
      ),
    );
    expect(travel.statusCode).toBe(200);
    const travelMail = readMail((await sink.waitFor((m) => m.raw.includes('travel-test'))).raw);
    expect(travelMail.header('subject')).toEqual([
      '[Jet Set Travel Club] Travel enquiry from Ann Example',
    ]);
    for (const value of [
      'Crete',
      '7 nights',
      '4 and 7',
      'All inclusive',
      '1 double, 2 singles',
      'Pool please',
    ]) {
      expect(travelMail.text).toContain(value);
    }
  });
});

describeEachDatabase('the outbox worker', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, highLimits);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.handle.db.deleteFrom('outbox').execute();
  });

  const message = (n: number) => ({
    clientCode: 'JS',
    templateId: 'contact',
    from: 'Highstreet <no-reply@highstreet.localhost>',
    to: 'joanne@jetsettravelclub.co.uk',
    subject: `Message ${n}`,
    html: `<p>worker-test ${n}</p>`,
    text: `worker-test ${n}`,
  });
  const statusOf = async (id: number) =>
    t.handle.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('keeps a message while the SMTP server is down and delivers it once it is back', async () => {
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close();
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/email/send',
      payload: jsRequest({ ...contact, message: 'worker-test 1' }),
    });
    expect(accepted.body).toBe('OK');
    const { id } = await t.handle.db
      .selectFrom('outbox')
      .select('id')
      .where('text', 'like', '%worker-test 1%')
      .executeTakeFirstOrThrow();
    const worker = createOutboxWorker({
      ...fastRetries,
      db: t.handle.db,
      dbKind: t.handle.kind,
      deliver: smtpDelivery(`smtp://127.0.0.1:${port}`),
      log: quietLog,
    });
    worker.start();
    let sink: SmtpSink | undefined;
    try {
      await waitUntil(async () => (await statusOf(id)).attempts >= 2);
      const waiting = await statusOf(id);
      expect(waiting.status).toBe('pending');
      expect(waiting.last_error).toMatch(/ECONNREFUSED|connect/i);
      sink = await startSmtpSink(port);
      const mail = await sink.waitFor((m) => m.raw.includes('worker-test 1'));
      expect(mail.to).toEqual(['joanne@jetsettravelclub.co.uk']);
      await waitUntil(async () => (await statusOf(id)).status === 'sent');
      expect((await statusOf(id)).last_error).toBeNull();
    } finally {
      await worker.stop();
      await sink?.close();
    }
  });

  it('gives up after the last attempt, keeps the error, and sends again after a retry', async () => {
    const { id } = await enqueueMessage(t.handle.db, message(2));
    const refuse: DeliverMessage = async () => {
      throw new Error('550 mailbox unavailable');
    };
    const failing = createOutboxWorker({
      ...fastRetries,
      maxAttempts: 3,
      baseDelayMs: 1,
      maxDelayMs: 5,
      db: t.handle.db,
      dbKind: t.handle.kind,
      deliver: refuse,
      log: quietLog,
    });
    failing.start();
    await waitUntil(async () => (await statusOf(id)).status === 'failed');
    await failing.stop();
    const failed = await statusOf(id);
    expect(failed).toMatchObject({ attempts: 3, last_error: '550 mailbox unavailable' });

    expect(await retryFailedMessages(t.handle.db, 'all')).toBe(1);
    const delivered: number[] = [];
    const accepting = createOutboxWorker({
      ...fastRetries,
      db: t.handle.db,
      dbKind: t.handle.kind,
      deliver: async (row) => {
        delivered.push(row.id);
        return 'ok';
      },
      log: quietLog,
    });
    expect(await accepting.runOnce()).toBe(1);
    expect(delivered).toEqual([id]);
    expect((await statusOf(id)).status).toBe('sent');
  });

  it('redelivers a message whose worker died mid-delivery, once its claim has expired', async () => {
    const { id } = await enqueueMessage(t.handle.db, message(3));
    const claimed = await claimDueMessages(t.handle.db, t.handle.kind, new Date(), 60_000, 5);
    expect(claimed.map((r) => r.id)).toEqual([id]);
    // The claiming worker "crashes" here. Another worker sees nothing while the claim holds...
    const delivered: number[] = [];
    const later = (ms: number) => () => new Date(Date.now() + ms);
    const options = {
      ...fastRetries,
      db: t.handle.db,
      dbKind: t.handle.kind,
      deliver: async (row: { id: number }) => {
        delivered.push(row.id);
        return 'ok';
      },
      log: quietLog,
    };
    expect(await createOutboxWorker({ ...options, now: later(1_000) }).runOnce()).toBe(0);
    // ...and takes it over once the claim has expired.
    expect(await createOutboxWorker({ ...options, now: later(61_000) }).runOnce()).toBe(1);
    expect(delivered).toEqual([id]);
    expect((await statusOf(id)).status).toBe('sent');
  });

  it('never hands one message to two workers running at the same time', async () => {
    const total = 40;
    for (let n = 0; n < total; n += 1) await enqueueMessage(t.handle.db, message(n));
    const deliveries = new Map<number, number>();
    const makeWorker = () =>
      createOutboxWorker({
        ...fastRetries,
        batchSize: 3,
        db: t.handle.db,
        dbKind: t.handle.kind,
        deliver: async (row) => {
          deliveries.set(row.id, (deliveries.get(row.id) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 5));
          return 'ok';
        },
        log: quietLog,
      });
    const drain = async (worker: OutboxWorker) => {
      while ((await worker.runOnce()) > 0) {
        // keep claiming until the queue is empty
      }
    };
    await Promise.all([drain(makeWorker()), drain(makeWorker()), drain(makeWorker())]);
    expect(deliveries.size).toBe(total);
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
    const pending = await t.handle.db
      .selectFrom('outbox')
      .select('id')
      .where('status', '!=', 'sent')
      .execute();
    expect(pending).toEqual([]);
  });
});

describe('the relay rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      MAIL_RELAY_LIMIT_PER_IP: '3',
      MAIL_RELAY_LIMIT_PER_CLIENT: '5',
    });
  });
  afterAll(async () => t?.close());

  const sendFrom = (ip: string, body = jsRequest(contact)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1.0/email/send',
      payload: body,
      remoteAddress: ip,
    });

  it('answers 429 with Retry-After past the limit per IP, then per client', async () => {
    for (let i = 0; i < 3; i += 1) expect((await sendFrom('203.0.113.1')).statusCode).toBe(200);
    const overIp = await sendFrom('203.0.113.1');
    expect(overIp.statusCode).toBe(429);
    expect(Number(overIp.headers['retry-after'])).toBeGreaterThan(0);
    expect(overIp.body).toMatch(/Too many requests/);

    // Another visitor, same client: the client's 5 per hour without a form session run out (a
    // customer with a form session is not counted here: tests/integration/limits.test.ts).
    expect((await sendFrom('203.0.113.2')).statusCode).toBe(200);
    expect((await sendFrom('203.0.113.2')).statusCode).toBe(200);
    const overClient = await sendFrom('203.0.113.2');
    expect(overClient.statusCode).toBe(429);
    expect(Number(overClient.headers['retry-after'])).toBeGreaterThan(0);
    expect(overClient.body).toMatch(/Please reload the page/);

    // Other clients are not affected.
    const se = t.registry.byCode('SE')!.emailService;
    const other = await sendFrom('203.0.113.3', {
      ...jsRequest(contact, se.templates.contact),
      user_id: se.userId,
      service_id: se.serviceId,
    });
    expect(other.statusCode).toBe(200);
  });
});
