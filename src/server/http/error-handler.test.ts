import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../kernel/errors.js';
import { serverErrorMessage } from './error-answer.js';
import { installErrorHandling } from './error-handler.js';

/** The shell's error handling on a bare Fastify app: headers marked, every request prepared. */
describe('installErrorHandling', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    installErrorHandling(app, {
      prepare: () => true,
      securityHeadersFor: () => ({ 'x-prepared': 'yes' }),
    });
    app.get('/api/refuse', async () => {
      throw new AppError(404, 'There is no product 7.');
    });
    app.get('/api/fail', async () => {
      throw new Error('SQLITE_BUSY: database is locked');
    });
    const plainTextErrors = { serverError: 'The message could not be stored, please try again' };
    app.post('/api/text/refuse', { config: { plainTextErrors } }, async () => {
      throw new AppError(400, 'The user ID is invalid');
    });
    app.post('/api/text/fail', { config: { plainTextErrors } }, async () => {
      throw new Error('disk full');
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  it('answers a thrown AppError as { statusCode, error, message } with the headers', async () => {
    const res = await app.inject({ url: '/api/refuse' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'There is no product 7.',
    });
    expect(res.headers['x-prepared']).toBe('yes');
  });

  it('answers an unknown error with 500 and the generic message', async () => {
    const res = await app.inject({ url: '/api/fail' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: serverErrorMessage,
    });
  });

  it('answers a refusal before any handler (a body that is not JSON) in the same shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/text/refuse',
      headers: { 'content-type': 'application/json' },
      payload: '{"user_id":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['x-prepared']).toBe('yes');
  });

  it('answers as plain text on a route that asks for it, as EmailJS does', async () => {
    const refused = await app.inject({ method: 'POST', url: '/api/text/refuse', payload: {} });
    expect({ status: refused.statusCode, body: refused.body }).toEqual({
      status: 400,
      body: 'The user ID is invalid',
    });
    expect(refused.headers['content-type']).toContain('text/plain');
    const failed = await app.inject({ method: 'POST', url: '/api/text/fail', payload: {} });
    expect({ status: failed.statusCode, body: failed.body }).toEqual({
      status: 500,
      body: 'The message could not be stored, please try again',
    });
  });

  it('answers an unknown API path with 404 naming it, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/nothing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `No API route ${method} /api/nothing.`,
      });
    }
  });

  it('refuses other methods than GET and HEAD outside the API with 405', async () => {
    const res = await app.inject({ method: 'POST', url: '/contact' });
    expect(res.statusCode).toBe(405);
    expect(res.json().message).toBe('POST is not allowed here.');
  });

  it('answers a GET that no route serves (a missing file) with a plain 404', async () => {
    const res = await app.inject({ url: '/assets/missing.js' });
    expect({ status: res.statusCode, body: res.body }).toEqual({ status: 404, body: 'Not found' });
    expect(res.headers['content-type']).toContain('text/plain');
  });
});
