import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { updateProductPrice } from '../../src/server/catalogue/catalogue-store.js';
import { freeBookingRequest } from '../support/booking-request.js';
import { describeEachDatabase } from '../support/each-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface AccessLine {
  reqId: string;
  url: string;
  statusCode: number;
  memory?: true;
}

/**
 * Cached pages and lists answered again from memory, before the framework
 * (src/server/kernel/remembered-answers.ts), over real HTTP: the same bytes and headers as the
 * framework's answer, a change shown at once, and every request that could be answered
 * differently (a cookie, a conditional request, another host) left to the framework.
 */
describeEachDatabase('remembered answers', (kind) => {
  let t: TestApp;
  let base: string;
  const lines: AccessLine[] = [];
  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      {
        write: (line: string) => {
          const parsed = JSON.parse(line) as AccessLine & { msg: string };
          if (parsed.msg === 'answered') lines.push(parsed);
        },
      },
    );
    t = await startTestApp(kind, { NODE_ENV: 'production' }, { logger });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  /** Who answered the last request to this address: the framework, or memory ("memory":true). */
  const answeredBy = (url: string) => {
    const line = lines.findLast((l) => l.url === url);
    return line?.memory ? 'memory' : 'framework';
  };
  /**
   * A request as a browser sends it (fetch would not let the Host header be set): a GET, or with
   * `parts`, a POST of a JSON body sent in those parts (a pause between them).
   */
  const send = (url: string, headers: Record<string, string>, parts?: string[]) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const length = parts?.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
        const request = httpRequest(
          `${base}${url}`,
          parts === undefined
            ? { headers }
            : {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  'content-length': String(length),
                  ...headers,
                },
              },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () =>
              resolve({
                status: answer.statusCode!,
                headers: answer.headers,
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        request.on('error', reject);
        void (async () => {
          for (const [index, part] of (parts ?? []).entries()) {
            if (index > 0) await new Promise((r) => setTimeout(r, 30));
            request.write(part);
          }
          request.end();
        })();
      },
    );
  const decoded = ({ headers, body }: { headers: IncomingHttpHeaders; body: Buffer }) =>
    (headers['content-encoding'] === 'br'
      ? brotliDecompressSync(body)
      : headers['content-encoding'] === 'gzip'
        ? gunzipSync(body)
        : body
    ).toString();
  const get = async (url: string, headers: Record<string, string>) => {
    const answer = await send(url, headers);
    return { answer, text: decoded(answer), by: answeredBy(url) };
  };
  /** The headers but the date and the request's own id (each answer has its own). */
  const headersOf = (answer: { headers: IncomingHttpHeaders }) =>
    Object.fromEntries(
      Object.entries(answer.headers).filter(([name]) => name !== 'date' && name !== 'x-request-id'),
    );
  /** Asks twice: Fastify answers the first, memory the second, with the same text and headers. */
  const askTwice = async (url: string, headers: Record<string, string>) => {
    const first = await get(url, headers);
    expect(first.by).toBe('framework');
    const second = await get(url, headers);
    expect(second.by).toBe('memory');
    // Its own request id, not the first answer's kept with the rest of its headers.
    expect(second.answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.answer.headers['x-request-id']).not.toBe(first.answer.headers['x-request-id']);
    expect(lines.at(-1)?.reqId).toBe(second.answer.headers['x-request-id']);
    expect(second.text).toBe(first.text);
    expect(headersOf(second.answer)).toEqual(headersOf(first.answer));
    return { first, second };
  };

  it('answers a repeat page request from memory with the same headers and bytes, and a change at once', async () => {
    const se = { host: 'se.localhost', 'accept-encoding': 'br' };
    const { first, second } = await askTwice('/product/2', se);
    expect(first.text).toContain('"price":8995');
    expect(second.answer.headers['content-security-policy']).toContain("object-src 'none'");
    expect(second.answer.headers.etag).toMatch(/^W\//);
    expect(second.answer.headers['content-encoding']).toBe('br');

    // Written behind the app's back: still the kept page; announced: the next answer shows it.
    expect(await updateProductPrice(t.handle.db, 'SE', 2, 12345)).toBe(true);
    expect((await get('/product/2', se)).text).toContain('"price":8995');
    t.changes.clientChanged('SE');
    const after = await get('/product/2', se);
    expect(after.by).toBe('framework');
    expect(after.text).toContain('"price":12345');
    const again = await get('/product/2', se);
    expect(again.by).toBe('memory');
    expect(again.text).toContain('"price":12345');
  });

  it('recompresses a page asked for again from memory at its best, then answers with that form', async () => {
    // Asked again, a page earns brotli 11 off the request path (page-cache.ts). Memory answers
    // the repeats: it used to go on sending the fast form for good (issue 37).
    const headers = { host: 'rrb.localhost', 'accept-encoding': 'br' };
    const first = await get('/terms', headers);
    expect(first.by).toBe('framework');
    let later = await get('/terms', headers);
    expect(later.by).toBe('memory');
    for (let i = 0; i < 100 && later.answer.body.length >= first.answer.body.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      later = await get('/terms', headers);
    }
    expect(later.answer.body.length).toBeLessThan(first.answer.body.length * 0.9);
    expect(later.text).toBe(first.text);
    expect(later.answer.headers.etag).toBe(first.answer.headers.etag);
    expect((await get('/terms', headers)).by).toBe('memory');
  });

  it('keeps each compression, host and address apart', async () => {
    const rrb = await get('/', { host: 'rrb.localhost', 'accept-encoding': 'gzip' });
    const js = await get('/', { host: 'js.localhost', 'accept-encoding': 'gzip' });
    expect((await get('/', { host: 'js.localhost', 'accept-encoding': 'gzip' })).by).toBe('memory');
    const rrbAgain = await get('/', { host: 'rrb.localhost', 'accept-encoding': 'gzip' });
    expect(rrbAgain.by).toBe('memory');
    expect(rrbAgain.text).toBe(rrb.text);
    expect(js.text).not.toBe(rrb.text);
    expect(js.text).toContain('Jet Set Travel Club');

    // Brotli asked for: the framework's answer first, then memory's, the same page.
    const br1 = await get('/', { host: 'rrb.localhost', 'accept-encoding': 'br' });
    expect(br1.by).toBe('framework');
    expect(br1.answer.headers['content-encoding']).toBe('br');
    const br2 = await get('/', { host: 'rrb.localhost', 'accept-encoding': 'br' });
    expect(br2.by).toBe('memory');
    expect(br2.answer.headers['content-encoding']).toBe('br');
    expect(br2.text).toBe(rrb.text);
  });

  it('leaves requests that could be answered differently to the framework', async () => {
    const headers = { host: 'se.localhost', 'accept-encoding': 'gzip' };
    await get('/contact', headers);
    expect((await get('/contact', headers)).by).toBe('memory');
    // A cookie (an owner's session, the preview switch), a conditional request, a query string
    // not seen before: each goes through the framework.
    expect((await get('/contact', { ...headers, cookie: 'a=b' })).by).toBe('framework');
    const etag = String((await send('/contact', headers)).headers.etag);
    const conditional = await send('/contact', { ...headers, 'if-none-match': etag });
    expect(conditional.status).toBe(304);
    expect(answeredBy('/contact')).toBe('framework');
    expect((await get('/contact?utm_source=x', headers)).by).toBe('framework');
    // A page that is not kept (a product that does not exist) is never remembered; an unknown
    // address is the client's one kept not-found page (0024-page-cache.md), remembered like any page.
    await get('/product/999999', headers);
    expect((await get('/product/999999', headers)).by).toBe('framework');
    await get('/no-such-page', headers);
    expect((await get('/no-such-page', headers)).by).toBe('memory');
  });

  it('answers a repeat list request from memory until the list changes', async () => {
    const rrb = { host: 'rrb.localhost' };
    const { first, second } = await askTwice('/api/categories/list', rrb);
    expect(second.answer.headers['content-type']).toBe('application/json; charset=utf-8');

    const categories = JSON.parse(first.text) as Array<{ ID: number; Name: string }>;
    await t.handle.db
      .updateTable('categories')
      .set({ name: 'Renamed for the test' })
      .where('client_code', '=', 'RRB')
      .where('id', '=', categories[0]!.ID)
      .execute();
    t.changes.clientChanged('RRB');
    const after = await get('/api/categories/list', rrb);
    expect(after.by).toBe('framework');
    expect(after.text).toContain('Renamed for the test');
    expect((await get('/api/categories/list', rrb)).text).toContain('Renamed for the test');
  });

  it("keeps a booking's change to the diary from dropping the pages and lists", async () => {
    const rrb = { host: 'rrb.localhost', 'accept-encoding': 'gzip' };
    await get('/booking', rrb);
    expect((await get('/booking', rrb)).by).toBe('memory');
    t.changes.clientChanged('RRB', 'bookings');
    expect((await get('/booking', rrb)).by).toBe('memory');
    t.changes.clientChanged('RRB');
    expect((await get('/booking', rrb)).by).toBe('framework');
  });

  /** A question asked with a JSON body, sent in the given parts; who answered it. */
  const ask = async (url: string, headers: Record<string, string>, parts: string[]) => {
    const answer = await send(url, headers, parts);
    return { ...answer, text: answer.body.toString(), by: answeredBy(url) };
  };

  it('answers a repeat question for the times of a day from memory by its body, until a booking', async () => {
    const rrb = { host: 'rrb.localhost' };
    const booking = (await freeBookingRequest(t)) as { startTime: string; totalDuration: number };
    const [day, time] = booking.startTime.split(' ') as [string, string];
    const question = JSON.stringify({ bookingDate: day, estmatedDuration: booking.totalDuration });
    const first = await ask('/api/bookings/time', rrb, [question]);
    expect(first.status).toBe(200);
    expect(first.by).toBe('framework');
    expect(JSON.parse(first.text)).toContain(time.slice(0, 5));
    // The same question, even sent in two parts: from memory, the same answer and headers.
    const second = await ask('/api/bookings/time', rrb, [question.slice(0, 9), question.slice(9)]);
    expect(second.by).toBe('memory');
    expect(second.text).toBe(first.text);
    expect(headersOf(second)).toEqual(headersOf(first));
    // Another duration, host (the spa takes no bookings) or a cookie: the framework.
    const otherDuration = JSON.stringify({ bookingDate: day, estmatedDuration: 15 });
    expect((await ask('/api/bookings/time', rrb, [otherDuration])).by).toBe('framework');
    expect((await ask('/api/bookings/time', { host: 'se.localhost' }, [question])).status).toBe(
      404,
    );
    expect((await ask('/api/bookings/time', { ...rrb, cookie: 'a=b' }, [question])).by).toBe(
      'framework',
    );

    // A booking of that time, through the app: the next answer no longer offers it.
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: rrb,
      payload: booking,
    });
    expect(made.statusCode).toBe(200);
    const after = await ask('/api/bookings/time', rrb, [question]);
    expect(after.by).toBe('framework');
    expect(JSON.parse(after.text)).not.toContain(time.slice(0, 5));
    // Memory again, never with the booked time. On PostgreSQL the booking's change signal comes
    // back by LISTEN/NOTIFY and may land after that answer was kept, forgetting it once more.
    let again = await ask('/api/bookings/time', rrb, [question]);
    for (let tries = 1; again.by !== 'memory' && tries < 20; tries++) {
      expect(JSON.parse(again.text)).not.toContain(time.slice(0, 5));
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await ask('/api/bookings/time', rrb, [question]);
    }
    expect(again.by).toBe('memory');
    expect(JSON.parse(again.text)).not.toContain(time.slice(0, 5));
  });

  it('leaves a bad question to the framework, with the body it sent', async () => {
    const rrb = { host: 'rrb.localhost' };
    const broken = await ask('/api/bookings/time', rrb, ['{"bookingDate": "2026-13-45",']);
    expect(broken.status).toBe(400);
    expect(broken.by).toBe('framework');
    const wrongDay = await ask('/api/bookings/time', rrb, [
      JSON.stringify({ bookingDate: '2026-02-30', estmatedDuration: 60 }),
    ]);
    expect(wrongDay.status).toBe(400);
    expect(JSON.parse(wrongDay.text).message).toContain('not a real calendar date');
    // Asked again: still the framework's answer (only answers from a cache are remembered).
    const again = await ask('/api/bookings/time', rrb, [
      JSON.stringify({ bookingDate: '2026-02-30', estmatedDuration: 60 }),
    ]);
    expect(again.by).toBe('framework');
    expect(again.text).toBe(wrongDay.text);
  });

  it('answers a repeat month of free days from memory, until the diary changes', async () => {
    const rrb = { host: 'rrb.localhost' };
    const booking = (await freeBookingRequest(t, {}, 1)) as { startTime: string };
    const month = booking.startTime.slice(0, 7);
    const url = `/api/bookings/free-days?month=${month}&estmatedDuration=60`;
    const { first } = await askTwice(url, rrb);
    expect(first.answer.headers['cache-control']).toBe('no-store');
    t.changes.clientChanged('RRB', 'bookings');
    expect((await get(url, rrb)).by).toBe('framework');
    expect((await get(url, rrb)).by).toBe('memory');
  });
});
