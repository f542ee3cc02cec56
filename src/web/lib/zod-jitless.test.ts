import { expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

it('puts zod in jitless mode, so it never probes `new Function` under the CSP', () => {
  expect(z.config().jitless).toBe(true);
  expect(z.object({ name: z.string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
});
