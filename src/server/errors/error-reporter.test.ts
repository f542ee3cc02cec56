import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookSink, type WebhookSink } from '../../../tests/support/webhook-sink.js';
import { createErrorReporter, type ErrorReport } from './error-reporter.js';

let sink: WebhookSink | undefined;
afterEach(async () => sink?.close());

describe('the error reporter', () => {
  it('POSTs a job failure with its words scrubbed', async () => {
    sink = await startWebhookSink();
    const reporter = createErrorReporter({ url: sink.url });
    reporter.job('records-retention', new Error('no row for jane@example.com, 07700 900123'));
    await reporter.settled();
    const [report] = (await sink.waitFor(1)) as ErrorReport[];
    expect(report).toMatchObject({
      kind: 'job',
      job: 'records-retention',
      error: { name: 'Error', message: 'no row for [email], [number]' },
    });
    expect(JSON.stringify(report)).not.toContain('jane@');
  });

  it('sends at most perMinute reports a minute and counts the rest in the next one', async () => {
    sink = await startWebhookSink();
    let now = new Date('2026-11-26T10:00:00Z');
    const reporter = createErrorReporter({ url: sink.url, perMinute: 2, now: () => now });
    for (let i = 0; i < 5; i++) reporter.job('outbox-worker', new Error(`round ${i}`));
    await reporter.settled();
    expect(sink.received).toHaveLength(2);
    now = new Date('2026-11-26T10:01:00Z');
    reporter.job('outbox-worker', new Error('after'));
    await reporter.settled();
    const reports = (await sink.waitFor(3)) as ErrorReport[];
    expect(reports[2]).toMatchObject({ dropped: 3, error: { message: 'after' } });
  });

  it('never throws nor waits when the receiver is down or slow: one warning', async () => {
    const warnings: string[] = [];
    const reporter = createErrorReporter({
      url: 'http://127.0.0.1:1/nothing-listens',
      timeoutMs: 200,
      warn: (m) => warnings.push(m),
    });
    reporter.job('a', new Error('x'));
    reporter.job('b', new Error('y'));
    await reporter.settled();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Error report not sent/);
  });
});
