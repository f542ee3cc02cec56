/** Retry timing for the outbox: exponential backoff with jitter, bounded by a ceiling. */
export interface BackoffPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Delay before the next try after `attempt` failed tries (1 = the first failure): base × 2^(n-1),
 * capped, then scaled into [50%, 100%] so instances that failed together do not retry together.
 */
export function retryDelayMs(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, attempt - 1);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
