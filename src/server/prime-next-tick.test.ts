import { describe, expect, it } from 'vitest';
import { primeNextTick } from './prime-next-tick.js';

describe('primeNextTick', () => {
  it('calls process.nextTick in rounds, each drained before the next begins', async () => {
    let calls = 0;
    let waiting = 0;
    let mostWaiting = 0;
    // Every call goes through the real nextTick; counted are the calls, and how many have not
    // yet run. One round's objects must be gone before the next round makes more, or V8 moves
    // them to the old generation (docs/decisions/next-tick-priming.md).
    const countingNextTick = (callback: () => void) => {
      calls++;
      mostWaiting = Math.max(mostWaiting, ++waiting);
      process.nextTick(() => {
        waiting--;
        callback();
      });
    };

    await primeNextTick({ rounds: 4, callsPerRound: 250, nextTick: countingNextTick });

    expect(calls).toBe(1000);
    expect(waiting).toBe(0);
    expect(mostWaiting).toBe(250);
  });
});
