import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  answerHeaders,
  createRememberedAnswers,
  requestSignature,
  type RequestHead,
} from './remembered-answers.js';

const page = (headers: Record<string, string> = {}, url = '/', method = 'GET'): RequestHead => ({
  method,
  url,
  headers: { host: 'se.localhost', 'accept-encoding': 'gzip, deflate, br', ...headers },
});

/** A response that records what was written to it. */
function recorder() {
  const written: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
  const response = {
    writeHead(status: number, headers: Record<string, unknown>) {
      written.status = status;
      written.headers = headers;
      return this;
    },
    end(body: Buffer) {
      written.body = body;
      return this;
    },
  } as unknown as ServerResponse;
  return { response, written };
}

/** Whether the answers answered the request from memory (rather than handing it on). */
function byMemory(
  answers: ReturnType<typeof createRememberedAnswers>,
  request: RequestHead,
  response = recorder().response,
): boolean {
  let handedOn = false;
  answers.handle(request as IncomingMessage, response, () => (handedOn = true));
  return !handedOn;
}

describe('requestSignature', () => {
  it('tells apart the address, the host, what a proxy says of it and the compression taken', () => {
    const base = requestSignature(page())!;
    expect(requestSignature(page())).toBe(base);
    // The same compression asked for in other words is the same answer.
    expect(requestSignature(page({ 'accept-encoding': 'br' }))).toBe(base);
    for (const other of [
      page({}, '/contact'),
      page({}, '/?a=1'),
      page({ host: 'rrb.localhost' }),
      page({ 'x-forwarded-host': 'www.example.com' }),
      page({ 'x-forwarded-proto': 'https' }),
      page({ forwarded: 'proto=https' }),
      page({ 'accept-encoding': 'gzip' }),
      page({ 'accept-encoding': 'identity' }),
    ]) {
      expect(requestSignature(other)).not.toBe(base);
    }
  });

  it('leaves to the framework what could be answered differently', () => {
    for (const request of [
      page({}, '/', 'HEAD'),
      page({}, '/', 'POST'),
      page({ cookie: 'hs_owner=x' }),
      page({ authorization: 'Basic eA==' }),
      page({ 'if-none-match': 'W/"x"' }),
      page({ 'if-modified-since': 'Tue, 24 Nov 2026 00:00:00 GMT' }),
      page({ range: 'bytes=0-1' }),
      page({ 'content-length': '2' }),
      page({ 'transfer-encoding': 'chunked' }),
      page({}, `/${'x'.repeat(600)}`),
    ]) {
      expect(requestSignature(request)).toBeUndefined();
    }
  });
});

describe('requestSignature of a question asked with a body', () => {
  const question = (headers: Record<string, string> = {}) =>
    page({ 'content-type': 'application/json', 'content-length': '10', ...headers }, '/q', 'POST');
  const body = Buffer.from('{"day":1}');

  it('includes the body, and only for a small JSON body read whole', () => {
    const base = requestSignature(question(), body)!;
    expect(base).toBeDefined();
    expect(requestSignature(question(), Buffer.from('{"day":2}'))).not.toBe(base);
    // The same address asked without a body is another request.
    expect(requestSignature(page({}, '/q'))).not.toBe(base);
    for (const [request, given] of [
      [question(), undefined],
      [question({ 'content-type': 'text/plain' }), body],
      [question({ cookie: 'a=b' }), body],
      [question({ authorization: 'Basic eDp5' }), body],
      [question({ 'content-length': '2000' }), body],
      [question({ 'transfer-encoding': 'chunked' }), body],
      [question({ expect: '100-continue' }), body],
      [{ ...question(), method: 'PUT' }, body],
      [page(), body],
    ] as const) {
      expect(requestSignature(request, given)).toBeUndefined();
    }
  });
});

describe('createRememberedAnswers', () => {
  it('answers an identical request while the answer is current, and forgets it after', () => {
    const logged: string[] = [];
    const answers = createRememberedAnswers({
      log: { answered: (line) => logged.push(`${line.reqId} ${line.url} ${line.statusCode}`) },
    });
    let current = true;
    const body = Buffer.from('<p>hello</p>');
    answers.remember(page(), {
      statusCode: 200,
      headers: answerHeaders({ 'Content-Type': 'text/html', 'x-n': 1 }, body),
      body,
      isCurrent: () => current,
    });
    const { response, written } = recorder();
    expect(byMemory(answers, page(), response)).toBe(true);
    expect(written).toEqual({
      status: 200,
      headers: { 'content-type': 'text/html', 'x-n': '1', 'content-length': '12' },
      body,
    });
    expect(logged).toEqual(['mem-1 / 200']);
    // Another request, or the same one with a cookie: not from memory.
    expect(byMemory(answers, page({}, '/x'), recorder().response)).toBe(false);
    expect(byMemory(answers, page({ cookie: 'a=b' }), recorder().response)).toBe(false);
    current = false;
    expect(byMemory(answers, page(), recorder().response)).toBe(false);
    expect(answers.size).toBe(0);
  });

  it('keeps at most maxEntries, the oldest going first', () => {
    const answers = createRememberedAnswers({ maxEntries: 2 });
    const body = Buffer.from('x');
    for (const url of ['/a', '/b', '/c']) {
      answers.remember(page({}, url), {
        statusCode: 200,
        headers: {},
        body,
        isCurrent: () => true,
      });
    }
    expect(answers.size).toBe(2);
    expect(byMemory(answers, page({}, '/a'), recorder().response)).toBe(false);
    expect(byMemory(answers, page({}, '/c'), recorder().response)).toBe(true);
  });

  it('keeps at most maxBytes, counting a shared body once, the oldest going first', () => {
    const answers = createRememberedAnswers({ maxBytes: 300_000 });
    const shared = Buffer.alloc(100_000);
    const remember = (url: string, body: Buffer) =>
      answers.remember(page({}, url), {
        statusCode: 200,
        headers: {},
        body,
        isCurrent: () => true,
      });
    // Ten hosts' answers with one page's body: held once.
    for (let i = 0; i < 10; i++) remember(`/same?${i}`, shared);
    expect(answers.size).toBe(10);
    expect(answers.bytes).toBeLessThan(150_000);
    // Distinct bodies push the oldest out, shared ones last of all.
    for (let i = 0; i < 50; i++) remember(`/own/${i}`, Buffer.alloc(100_000));
    expect(answers.bytes).toBeLessThanOrEqual(300_000);
    expect(answers.size).toBeLessThanOrEqual(3);
    expect(byMemory(answers, page({}, '/own/49'), recorder().response)).toBe(true);
    expect(byMemory(answers, page({}, '/same?0'), recorder().response)).toBe(false);
  });
});
