/**
 * `GET /readyz`: whether this process can do its work now, for a load balancer or orchestrator
 * deciding where to send traffic. `/healthz` stays the liveness probe (200 once the process
 * serves requests, docs/configuration.md); this one asks the stores the process depends on.
 *
 * Each check has a short deadline (a store that stopped answering must not hold the probe for
 * the driver's own minute-long timeout), and runs once at a time (probes arriving every second
 * during an outage must not pile up connections). The answer names each dependency and
 * says only `ok` or `unavailable`: it is public, so no address, connection string or message.
 *
 * A required dependency down (the database) is 503: the process cannot serve. An optional one
 * down (Redis: the limiters fall back to per-process counts and every request is still served)
 * is `degraded`, still 200: taking every instance out of the load balancer because the shared
 * Redis is away would turn a weaker burst limit into a full outage.
 */
import type { RequestHandler } from 'express';
import type { RouteSpec } from './routeSpec.js';

export interface ReadinessCheck {
  /** How the answer names the dependency (`database`, `eventStore`, `readStore`, `redis`). */
  name: string;
  /** Whether the process is unready without it (503) rather than degraded (200). */
  required: boolean;
  /** Resolves when the dependency answers; `false` or a rejection mean it does not. */
  probe(): Promise<unknown>;
}

type CheckState = 'ok' | 'unavailable';

/** Long enough for a busy database's `SELECT 1`; a prober's own timeout should be longer (Kubernetes: timeoutSeconds ≥ 3). */
export const READINESS_TIMEOUT_MS = 2000;

const checksSchema = { type: 'object', additionalProperties: { type: 'string', enum: ['ok', 'unavailable'] } };

export const READINESS_SPEC: RouteSpec = {
  method: 'get',
  path: '/readyz',
  operationId: 'getReadiness',
  tags: ['Service'],
  security: 'none',
  summary:
    'Readiness: 200 when the stores this process depends on answer (Redis down is "degraded", still 200), 503 naming the one that does not',
  responses: {
    200: {
      description: 'Ready: every required dependency answers',
      schema: {
        type: 'object',
        required: ['status', 'checks'],
        properties: { status: { type: 'string', enum: ['ok', 'degraded'] }, checks: checksSchema },
      },
    },
    503: {
      description: 'Not ready: a required dependency does not answer',
      schema: {
        type: 'object',
        required: ['status', 'checks'],
        properties: { status: { type: 'string', enum: ['unavailable'] }, checks: checksSchema },
      },
    },
  },
};

/**
 * A probe still waiting after this long is left to its driver's own timeout (60 s for
 * PostgreSQL statements) and a fresh one is started: a connection that died silently then hides
 * the store's return for at most this long, and at most two probes hold a connection (the SQL
 * client's probe connections, apart from its pool: SqlClient.probe).
 */
const STALE_PROBE_MS = 30_000;

/** One probe of a check in flight at a time, answered within `timeoutMs`. */
function boundedProbe(check: ReadinessCheck, timeoutMs: number): () => Promise<CheckState> {
  let running: { since: number; answer: Promise<CheckState> } | null = null;
  return () => {
    if (!running || Date.now() - running.since > STALE_PROBE_MS) {
      const answer: Promise<CheckState> = check
        .probe()
        .then(
          (reply): CheckState => (reply === false ? 'unavailable' : 'ok'),
          (): CheckState => 'unavailable',
        )
        .finally(() => {
          if (running?.answer === answer) running = null;
        });
      running = { since: Date.now(), answer };
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<CheckState>((resolve) => {
      timer = setTimeout(() => resolve('unavailable'), timeoutMs);
    });
    return Promise.race([running.answer, deadline]).finally(() => clearTimeout(timer));
  };
}

export function readinessHandler(checks: ReadinessCheck[], timeoutMs = READINESS_TIMEOUT_MS): RequestHandler {
  const probes = checks.map((check) => ({ check, run: boundedProbe(check, timeoutMs) }));
  return async (_req, res) => {
    const states = await Promise.all(probes.map(async ({ check, run }) => ({ check, state: await run() })));
    const down = states.filter((s) => s.state !== 'ok');
    const status = down.some((s) => s.check.required) ? 'unavailable' : down.length ? 'degraded' : 'ok';
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(status === 'unavailable' ? 503 : 200)
      .json({ status, checks: Object.fromEntries(states.map((s) => [s.check.name, s.state])) });
  };
}
