import { afterEach, expect, it } from 'vitest';
import { warmUpPages } from '../../src/server/startup.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

it('warms up on the first client by its host name: its pages render, nothing fails', async () => {
  // A default code that names no record: the warm-up must not depend on it.
  t = await startTestApp('sqlite', { DEFAULT_CLIENT: 'NOPE' });
  const { statuses } = await warmUpPages(t.app, t.registry);
  expect(statuses).toHaveLength(3);
  // The home and contact pages of that client; /booking whatever that client shows there.
  expect(statuses.slice(0, 2)).toEqual([200, 200]);
  expect(statuses[2]).toBeLessThan(500);
});
