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
    expect(answers.tryAnswer(page() as IncomingMessage, response)).toBe(true);
    expect(written).toEqual({
      status: 200,
      headers: { 'content-type': 'text/html', 'x-n': '1', 'content-length': '12' },
      body,
    });
    expect(logged).toEqual(['mem-1 / 200']);
    // Another request, or the same one with a cookie: not from memory.
    expect(answers.tryAnswer(page({}, '/x') as IncomingMessage, recorder().response)).toBe(false);
    expect(answers.tryAnswer(page({ cookie: 'a=b' }) as IncomingMessage, recorder().response)).toBe(
      false,
    );
    current = false;
    expect(answers.tryAnswer(page() as IncomingMessage, recorder().response)).toBe(false);
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
    expect(answers.tryAnswer(page({}, '/a') as IncomingMessage, recorder().response)).toBe(false);
    expect(answers.tryAnswer(page({}, '/c') as IncomingMessage, recorder().response)).toBe(true);
  });
});
