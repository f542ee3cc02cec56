import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The module as plain JavaScript, compiled as the build compiles it: the probe runs in a bare Node,
 * since a loader such as tsx makes nextTick calls of its own that keep the tick classes alive.
 */
const moduleUrl = `data:text/javascript,${encodeURIComponent(
  transformSync(readFileSync(new URL('./hold-tick-object.ts', import.meta.url), 'utf8'), {
    loader: 'ts',
    format: 'esm',
  }).code,
)}`;

/**
 * Runs bursts of nextTick calls with full collections between them while the queue is empty (as
 * at start-up and between bursts of visitors), then prints the IC states of the four property
 * definitions in Node's tick-object literal. `%DebugPrint` needs --allow-natives-syntax; it is
 * compiled through `new Function` so that this source parses without it.
 */
const probe = (hold: boolean) => `
  const { holdTickObject } = await import(${JSON.stringify(moduleUrl)});
  if (${hold}) await holdTickObject();
  const nothing = () => {};
  const burst = async () => {
    for (let round = 0; round < 5; round++) {
      for (let call = 0; call < 1000; call++) process.nextTick(nothing);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  for (let cycle = 0; cycle < 5; cycle++) {
    await burst();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // V8 keeps a map it used lately through old-space collections (--retain-maps-for-n-gc, 2 by
    // default): with two collections here about one start in twenty kept the maps, and with
    // three a machine short of CPU still did. The probe sets it to 0 below.
    globalThis.gc();
    globalThis.gc();
    globalThis.gc();
  }
  await burst();
  new Function('f', '%DebugPrint(f)')(process.nextTick);
`;

function literalFeedback(hold: boolean): string[] {
  const run = spawnSync(
    process.execPath,
    [
      '--allow-natives-syntax',
      '--expose-gc',
      '--retain-maps-for-n-gc=0',
      '--input-type=module',
      '-e',
      probe(hold),
    ],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return [...run.stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
}

describe('holdTickObject', () => {
  it('keeps the tick literal monomorphic through full collections while the queue is empty', async () => {
    // One slot per property of the literal: four on Node 20, five from Node 22 on (an async
    // context frame), so the count comes from a real tick object.
    const { holdTickObject } = await import('./hold-tick-object.js');
    const properties = Reflect.ownKeys(await holdTickObject()).length;
    expect(properties).toBeGreaterThanOrEqual(4);
    expect(literalFeedback(true)).toEqual(Array(properties).fill('MONOMORPHIC'));
  });

  it('is what does it: without it the same collections leave the literal megamorphic', () => {
    expect(literalFeedback(false)).toContain('MEGAMORPHIC');
  });

  it('keeps one object for the life of the process', async () => {
    const { holdTickObject } = await import('./hold-tick-object.js');
    const held = await holdTickObject();
    // Node 22 and later add a third symbol, the async context frame.
    expect(Object.getOwnPropertySymbols(held).map(String)).toEqual(
      expect.arrayContaining(['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)']),
    );
    expect(await holdTickObject()).toBe(held);
  });
});
