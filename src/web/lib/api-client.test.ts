import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  apiFetch,
  apiJson,
  configureApiClient,
  fetchAnswer,
  loginPathFor,
  noAnswerMessages,
  readAnswer,
  setSessionRenewal,
} from './api-client';
import { isNoAnswer, isRefusal } from './api-errors';

let server: Server;
let base = '';
/** Whether the test's owner has signed in again (as the cookie would say). */
let sessionRenewed = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/echo') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ header: req.headers['x-requested-with'] ?? null }));
    } else if (req.url === '/renewable') {
      // Signed in again once the test's renewal ran: the request is answered the second time.
      const renewed = sessionRenewed;
      res
        .writeHead(renewed ? 200 : 401, { 'content-type': 'application/json' })
        .end(renewed ? '{"saved":true}' : '{"message":"Sign in first"}');
    } else if (req.url === '/invalid') {
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid booking rules: rules.capacity: too few',
          issues: [{ path: 'rules.capacity', message: 'too few' }, { path: 7 }],
        }),
      );
    } else if (req.url === '/private') {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Sign in first"}');
    } else if (req.url === '/stall-body') {
      // Headers, then nothing: the time limit must cover reading the body too.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partly":');
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

  it('with a session renewal set, a 401 asks it and sends the request once more', async () => {
    const calls: string[] = [];
    configureApiClient({
      logOut: () => calls.push('logOut'),
      navigate: (p) => calls.push(`navigate ${p}`),
    });
    setSessionRenewal(async () => {
      calls.push('renew');
      sessionRenewed = true;
      return true;
    });
    try {
      expect(await apiJson(`${base}/renewable`, { method: 'PUT', body: '{}' })).toEqual({
        saved: true,
      });
      expect(calls).toEqual(['renew']);

      // The owner gives up: the usual 401 rule, once.
      setSessionRenewal(async () => false);
      await expect(apiJson(`${base}/private`)).rejects.toMatchObject({ status: 401 });
      expect(calls).toEqual(['renew', 'logOut', 'navigate /login']);
    } finally {
      setSessionRenewal(undefined);
    }
  });

  it('carries the issues of a refused request, each with a path and a message', async () => {
    await expect(apiJson(`${base}/invalid`, { method: 'POST', body: '{}' })).rejects.toMatchObject({
      status: 400,
      issues: [{ path: 'rules.capacity', message: 'too few' }],
    });
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

/** A port that refuses connections: a server that was listening there has stopped. */
async function closedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

describe('no answer', () => {
  it('turns a refused connection into an ApiError of status 0 with the connection message', async () => {
    const port = await closedPort();
    const failure = await apiJson(`http://127.0.0.1:${port}/api/anything`).catch((e: unknown) => e);
    expect(failure).toEqual(new ApiError(0, noAnswerMessages.unreachable));
    expect(isNoAnswer(failure)).toBe(true);
    expect(isRefusal(failure)).toBe(false);
  });

  it('gives up on a server that accepts and never answers, after the time limit', async () => {
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    const started = performance.now();
    const failure = await fetchAnswer(`http://127.0.0.1:${port}/`, {}, 300).catch(
      (e: unknown) => e,
    );
    const waited = performance.now() - started;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
    expect(failure).toEqual(new ApiError(0, noAnswerMessages.timedOut));
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(3000);
  });

  it('gives up on a body that stops halfway, after the time limit', async () => {
    const response = await fetchAnswer(`${base}/stall-body`, {}, 300);
    expect(response.status).toBe(200);
    await expect(readAnswer(response.json())).rejects.toEqual(
      new ApiError(0, noAnswerMessages.timedOut),
    );
  });

  it("leaves the caller's own abort as it is", async () => {
    const controller = new AbortController();
    controller.abort();
    const failure = await fetchAnswer(`${base}/fine`, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(isNoAnswer(failure)).toBe(false);
    expect((failure as Error).name).toBe('AbortError');
  });

  it('tells refusals (4xx but 401) from failures', () => {
    expect(isRefusal(new ApiError(409, 'taken'))).toBe(true);
    expect(isRefusal(new ApiError(422, 'too long'))).toBe(true);
    expect(isRefusal(new ApiError(429, 'slow down'))).toBe(true);
    expect(isRefusal(new ApiError(401, 'sign in'))).toBe(false);
    expect(isRefusal(new ApiError(503, 'later'))).toBe(false);
    expect(isRefusal(new Error('plain'))).toBe(false);
  });
});
