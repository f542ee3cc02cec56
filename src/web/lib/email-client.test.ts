import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, noAnswerMessages } from './api-client';
import { isNoAnswer } from './api-errors';
import { emailLibVersion, newIdempotencyKey, sendEmail, sendEmailForm } from './email-client';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server standing in for an EmailJS-compatible service. */
let server: Server;
let base: string;
const received: Received[] = [];
let nextAnswer: { status: number; text: string } = { status: 200, text: 'OK' };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(nextAnswer.status, { 'content-type': 'text/plain' });
      response.end(nextAnswer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  received.length = 0;
  nextAnswer = { status: 200, text: 'OK' };
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const request = (overrides: Partial<Parameters<typeof sendEmail>[0]> = {}) => ({
  baseUrl: base,
  userId: 'hs_pub_JS',
  serviceId: 'highstreet',
  templateId: 'contact',
  templateParams: { name: 'Ann', telephone: '0770', email: 'ann@example.com', message: 'Hi' },
  ...overrides,
});

describe('sendEmail', () => {
  it('posts the EmailJS JSON contract and reads 200 OK as success', async () => {
    const result = await sendEmail(request({ baseUrl: `${base}/` }));
    expect(result).toEqual({ ok: true, status: 200, text: 'OK' });
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call).toMatchObject({ method: 'POST', url: '/api/v1.0/email/send' });
    expect(call!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call!.body)).toEqual({
      lib_version: emailLibVersion,
      user_id: 'hs_pub_JS',
      service_id: 'highstreet',
      template_id: 'contact',
      template_params: { name: 'Ann', telephone: '0770', email: 'ann@example.com', message: 'Hi' },
    });
  });

  it('refuses before any request when an id is missing, with the SDK messages', async () => {
    await expect(sendEmail(request({ userId: '' }))).rejects.toThrow('The public key is required');
    await expect(sendEmail(request({ serviceId: undefined }))).rejects.toThrow(
      'The service ID is required',
    );
    await expect(sendEmail(request({ templateId: '' }))).rejects.toThrow(
      'The template ID is required',
    );
    await expect(
      sendEmail(request({ templateParams: null as unknown as Record<string, unknown> })),
    ).rejects.toThrow('The template params have to be the object');
    expect(received).toHaveLength(0);
  });

  it('treats any other answer as a failure and only logs the status text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    nextAnswer = { status: 400, text: 'The user ID is invalid' };
    expect(await sendEmail(request())).toEqual({
      ok: false,
      status: 400,
      text: 'The user ID is invalid',
    });
    expect(warn).toHaveBeenCalledWith('E-mail not sent: 400 The user ID is invalid');
  });

  it('reads the text OK as success whatever the status', async () => {
    nextAnswer = { status: 201, text: 'OK' };
    expect((await sendEmail(request())).ok).toBe(true);
  });

  it('rejects with the shared no-answer error when the service cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = await sendEmail(request({ baseUrl: `http://127.0.0.1:${port}` })).catch(
      (e: unknown) => e,
    );
    expect(isNoAnswer(failure)).toBe(true);
    expect(failure).toEqual(new ApiError(0, noAnswerMessages.unreachable));
    expect(warn).toHaveBeenCalled();
  });

  it('sends the idempotency key to its own site only', async () => {
    const key = newIdempotencyKey();
    await sendEmail(request({ idempotencyKey: key }));
    expect(received[0]!.headers['idempotency-key']).toBeUndefined();

    // On a page served by the relay itself: an empty base address is this site.
    vi.stubGlobal('location', new URL(`${base}/contact`));
    await sendEmail(request({ baseUrl: '', idempotencyKey: key }));
    expect(received[1]!.url).toBe('/api/v1.0/email/send');
    expect(received[1]!.headers['idempotency-key']).toBe(key);
  });
});

describe('sendEmailForm', () => {
  it('posts the ids and parameters as multipart form fields', async () => {
    const result = await sendEmailForm(request());
    expect(result.ok).toBe(true);
    const [call] = received;
    expect(call!.url).toBe('/api/v1.0/email/send-form');
    expect(call!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    for (const [name, value] of [
      ['lib_version', emailLibVersion],
      ['user_id', 'hs_pub_JS'],
      ['service_id', 'highstreet'],
      ['template_id', 'contact'],
      ['name', 'Ann'],
      ['email', 'ann@example.com'],
    ]) {
      expect(call!.body).toContain(`name="${name}"\r\n\r\n${value}\r\n`);
    }
  });

  it('refuses before any request when an id is missing', async () => {
    await expect(sendEmailForm(request({ templateId: undefined }))).rejects.toThrow(
      'The template ID is required',
    );
    expect(received).toHaveLength(0);
  });
});

describe('newIdempotencyKey', () => {
  it('gives a fresh key the relay accepts each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
