/**
 * Readiness (`GET /api/v1/ready`): whether this server should be sent new people now. Liveness
 * (`/api/v1/health`) only says the process answers; a load balancer or Kubernetes asks this one
 * before routing to it. Not ready while draining (shutting down: the rooms' last words are being
 * stored), or while a part every conversation needs does not answer: the database, NATS and
 * Redis when the cluster uses them, the speech workers.
 *
 * Each check has a deadline: a database that hangs makes the server not ready, not the probe hang.
 */

export interface ReadinessCheck {
  name: string;
  /** Resolves when the part answers; throws (or rejects) saying why it does not. */
  check(): Promise<void> | void;
}

export interface CheckResult {
  ok: boolean;
  /** Why it is not ready (a short reason, no secrets: the probe may be answered to anyone). */
  error?: string;
  ms: number;
}

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  checks: Record<string, CheckResult>;
}

/** How long one check may take before it counts as failed. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

export class Readiness {
  private drainingSince: number | undefined;

  constructor(
    private readonly checks: readonly ReadinessCheck[],
    private readonly options: { timeoutMs?: number; now?: () => number } = {},
  ) {}

  /** The server is shutting down: from now on it is not ready, whatever the checks say. */
  drain(): void {
    this.drainingSince ??= (this.options.now ?? Date.now)();
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  async report(): Promise<ReadinessReport> {
    const results = await Promise.all(this.checks.map((c) => this.run(c)));
    const checks = Object.fromEntries(this.checks.map((c, i) => [c.name, results[i]!]));
    return {
      ready: !this.draining && results.every((r) => r.ok),
      draining: this.draining,
      checks,
    };
  }

  private async run(c: ReadinessCheck): Promise<CheckResult> {
    const now = this.options.now ?? Date.now;
    const started = now();
    const timeoutMs = this.options.timeoutMs ?? READINESS_CHECK_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([Promise.resolve().then(() => c.check()), deadline]);
      return { ok: true, ms: now() - started };
    } catch (error) {
      return { ok: false, error: (error as Error).message, ms: now() - started };
    } finally {
      clearTimeout(timer);
    }
  }
}
