import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/support/each-database.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { accessLineWriter } from './access-log.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  ms?: number;
}

describeEachDatabase('the access log', (kind) => {
  const lines: LogLine[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    );
    t = await startTestApp(kind, {}, { logger });
  });
  afterAll(async () => t?.close());

  it('writes one line per answer, with the request id, method, url, status and time', async () => {
    lines.length = 0;
    const answer = await t.app.inject({ url: '/api/categories/list?client=RRB' });
    expect(answer.statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/api/no-such-thing?client=RRB' });
    expect(missing.statusCode).toBe(404);
    expect(lines.map((line) => line.msg)).toEqual(['answered', 'answered']);
    expect(lines[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/categories/list?client=RRB',
      statusCode: 200,
    });
    expect(lines[1]).toMatchObject({ statusCode: 404 });
    expect(lines[0]!.reqId).toBeTruthy();
    expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
    expect(lines[0]!.ms).toBeGreaterThanOrEqual(0);
  });

  it('still names the request in a line a handler logs, the same id as its access line', async () => {
    lines.length = 0;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/diagnostics/failure-probe?client=RRB',
      payload: { message: 'Unable to read client config' },
    });
    expect(answer.statusCode).toBe(200);
    const warning = lines.find((line) => line.msg === 'failure screen shown');
    const access = lines.find((line) => line.msg === 'answered');
    expect(warning?.reqId).toBeTruthy();
    expect(warning?.reqId).toBe(access?.reqId);
  });
});

describe('the access line of an answer from memory', () => {
  const line = {
    reqId: 'mem-1a',
    method: 'GET',
    url: '/caf\u00e9?q="quoted"\\&tab=\t',
    statusCode: 200,
    ms: 0.02,
  };

  it('is the line pino writes for the same fields, byte for byte but the time', () => {
    const written: string[] = [];
    const logger = pino({ level: 'info' }, { write: (text: string) => void written.push(text) });
    logger.info(line, 'answered');
    accessLineWriter(logger)(line);
    expect(written).toHaveLength(2);
    const withoutTime = (text: string) => text.replace(/"time":\d+/, '"time":0');
    expect(withoutTime(written[1]!)).toBe(withoutTime(written[0]!));
    expect(JSON.parse(written[1]!)).toMatchObject({ ...line, level: 30, msg: 'answered' });
  });

  it('carries the route pattern, the client and "memory", still as pino writes them', () => {
    const full = { ...line, route: '/*', client: 'RRB', memory: true as const };
    const { statusCode, ms, ...head } = full;
    const inPinoOrder = { ...head, statusCode, ms };
    const written: string[] = [];
    const logger = pino({ level: 'info' }, { write: (text: string) => void written.push(text) });
    logger.info(inPinoOrder, 'answered');
    accessLineWriter(logger)(full);
    const withoutTime = (text: string) => text.replace(/"time":\d+/, '"time":0');
    expect(withoutTime(written[1]!)).toBe(withoutTime(written[0]!));
    expect(JSON.parse(written[1]!)).toMatchObject({ route: '/*', client: 'RRB', memory: true });
  });

  it('is not written when the level is above info', () => {
    const written: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (text: string) => void written.push(text) });
    accessLineWriter(logger)(line);
    logger.level = 'info';
    accessLineWriter(logger)(line);
    expect(written).toHaveLength(1);
  });

  it('goes through info() for a logger that is not pino', () => {
    const infos: unknown[] = [];
    const logger = { info: (...args: unknown[]) => void infos.push(args) };
    accessLineWriter(logger as unknown as FastifyBaseLogger)(line);
    expect(infos).toEqual([[line, 'answered']]);
  });
});
