/** One dependency /api/health/ready asks about (docs/decisions/0029-readiness.md). */
export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; rejects or outlasts the time-out when it does not. */
  probe: () => Promise<unknown>;
  /**
   * Whether the instance is not ready without it (the database). An optional one (Redis) that
   * fails is reported, and the answer says the instance is degraded, but it stays 200.
   */
  required?: boolean;
}
