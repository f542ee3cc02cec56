/**
 * Gets `process.nextTick` compiled with stable feedback before the server's modules are loaded
 * (docs/decisions/next-tick-priming.md).
 *
 * Node's HTTP server calls `process.nextTick` some five times per answer, and each call builds a
 * small object literal with symbol keys. On Node 20, loading the server's modules first left
 * V8's feedback for that literal megamorphic, so every one of those objects was built by a
 * runtime call: about a fifth of the CPU time of an answer from memory. Calling it here first,
 * in rounds that are each drained before the next (so the objects die young and are not moved
 * to the old generation), leaves the feedback monomorphic and the fast path in place.
 */
export async function primeNextTick({
  rounds = 20,
  callsPerRound = 5000,
  nextTick = (callback: () => void) => process.nextTick(callback),
}: {
  rounds?: number;
  callsPerRound?: number;
  /** process.nextTick itself; a test passes one that counts the calls through it. */
  nextTick?: (callback: () => void) => void;
} = {}): Promise<void> {
  const nothing = (): void => {};
  for (let round = 0; round < rounds; round++) {
    for (let call = 0; call < callsPerRound; call++) nextTick(nothing);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
