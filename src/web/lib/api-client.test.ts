import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiFetch, apiJson, configureApiClient, loginPathFor } from './api-client';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/echo') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ header: req.headers['x-requested-with'] ?? null }));
    } else if (req.url === '/private') {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Sign in first"}');
    } else if (req.url === '/bad') {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"message":"Date is in the past"}');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('apiFetch', () => {
  it('on a 401 marks the request retried, logs out and goes to /login, once', async () => {
    const calls: string[] = [];
    configureApiClient({
      logOut: () => calls.push('logOut'),
      navigate: (p) => calls.push(`navigate ${p}`),
    });
    const init: { retried?: boolean } = {};
    const response = await apiFetch(`${base}/private`, init);
    expect(response.status).toBe(401);
    expect(init.retried).toBe(true);
    expect(calls).toEqual(['logOut', 'navigate /login']);
    await apiFetch(`${base}/private`, init);
    expect(calls).toHaveLength(2);
  });

  it('leaves other answers alone', async () => {
    const calls: string[] = [];
    configureApiClient({
      logOut: () => calls.push('logOut'),
      navigate: () => calls.push('navigate'),
    });
    expect(await apiJson(`${base}/fine`)).toEqual({ ok: true });
    expect(calls).toEqual([]);
  });

  it('turns an error answer into an ApiError with the server message', async () => {
    await expect(apiJson(`${base}/bad`)).rejects.toEqual(new ApiError(400, 'Date is in the past'));
  });

  it('sends the page the visitor was on as next, except from the sign-in pages', () => {
    expect(loginPathFor('/manage/audit?page=2')).toBe('/login?next=%2Fmanage%2Faudit%3Fpage%3D2');
    expect(loginPathFor('/login?next=%2Fmanage')).toBe('/login');
    expect(loginPathFor('/login/reset')).toBe('/login');
    expect(loginPathFor(undefined)).toBe('/login');
  });

  it('marks every change with the cross-site header, and no read', async () => {
    expect(await apiJson(`${base}/echo`, { method: 'POST', body: '{}' })).toEqual({
      header: 'highstreet',
    });
    expect(await apiJson(`${base}/echo`)).toEqual({ header: null });
  });
});
