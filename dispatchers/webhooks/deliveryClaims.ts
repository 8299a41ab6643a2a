/**
 * Claiming due delivery jobs (DESIGN.md, decision 9: row locks, so several dispatchers never send the
 * same attempt twice), with a cap on how many sends one webhook may have in flight at once.
 *
 * Why a cap: every send holds a slot of the dispatcher's pool for up to WEBHOOK_TIMEOUT_MS. One
 * receiver that hangs, with a backlog of jobs due before everyone else's, used to take the whole
 * pool, wave after wave, and every other workspace's deliveries waited behind it (25–28 s with
 * a 10 s timeout). Now a webhook already sending `perWebhook` jobs is passed over, so a slow
 * receiver holds at most that share of the pool and the other webhooks' jobs are claimed at once.
 *
 * The share is not a ceiling when nobody else is waiting: a webhook with a backlog may also use
 * the pool's spare slots (`beyondShare`: the free slots less one share, which always stays free
 * for another webhook's job). A strict cap held one busy webhook to two sends at a time however
 * idle the pool (about 25 deliveries a second to a receiver answering in 75 ms), and its backlog
 * grew without end. Jobs within their webhook's share are claimed first.
 *
 * Why per webhook and not per receiver origin: the job row knows its webhook, so the cap is one
 * more condition of the claim query. The target URL is read from the webhooks view only at send
 * time (a PATCH may move it while jobs wait), so an origin cap would need the URL copied onto
 * every job and kept in step with updates. The cost: one subscriber with many webhooks on one
 * slow host (one per chatbot) gets one share per webhook.
 *
 * The cap is per dispatcher instance: "in flight" is this instance's claims under a live lease
 * (the pool it protects is its own). Counting every instance's claims would have let the jobs
 * of an instance that died mid-send (claimed until their lease runs out, timeout + 30 s) stop
 * that webhook's deliveries everywhere for as long; with k instances a slow receiver gets at
 * most k × perWebhook sends. Exactly-once per attempt never depends on the cap (row locks).
 */
import type { SqlClient } from '../../infrastructure/sql/sqlClient.js';
import type { ClaimedDelivery } from './deliveryStore.js';

export interface ClaimRequest {
  /** This instance's lease id, which finishing an attempt must present. */
  lease: string;
  /** Jobs wanted (the free slots of the pool). */
  limit: number;
  /** How long the claim holds the job; it becomes due again after (a sender that died). */
  leaseMs: number;
  /** Sends one webhook may have in flight at once in this instance when others wait. */
  perWebhook: number;
  /**
   * At most this many jobs in all once any lies beyond its webhook's share (the free slots less
   * the one share kept free); 0: every webhook held to its share.
   */
  beyondShare: number;
}

/** Jobs whose sender's lease ran out (it died mid-send) weighed per claim: normally none or few. */
const LEASES_RUN_OUT = 500;

const PENDING = `d.status = 'pending' AND d.next_attempt_at <= now()`;
const LEASE_RAN_OUT = `d.status = 'sending' AND d.locked_until < now()`;
/** The condition of a claimable job; repeated on the locking scan so it is checked again under the lock. */
const DUE = `((${PENDING}) OR (${LEASE_RAN_OUT}))`;

/**
 * Claims up to `limit` due jobs, oldest first, at most `perWebhook` in flight per webhook.
 * FOR UPDATE SKIP LOCKED lets several dispatchers claim side by side without waiting on or
 * sharing a row. The attempt is counted here, when it is claimed, not when it ends: a process
 * killed while sending has spent that attempt (the receiver may well have got it), so a crash
 * never grants an extra one.
 *
 * The jobs weighed, each found through an index (webhook_deliveries_due_by_webhook and
 * webhook_deliveries_due_order): of every webhook with pending jobs, its oldest due ones up to
 * what its share leaves (one probe per such webhook); the oldest due jobs of all, as many as the
 * free and spare slots, for the slots beyond the shares; and the jobs whose lease ran out. Every
 * webhook's share is weighed whatever the others' backlogs. Weighing instead a window of the
 * oldest few hundred due jobs, found by one condition with OR that no index serves, meant
 * reading and ranking the whole backlog on every claim: with a backlog of a few thousand, each
 * claim cost more than the sends it started, and the claims, one at a time, held the drain to
 * about a third of what bare POSTs reach.
 *
 * One statement, so no transaction around it: it is atomic on its own, and BEGIN and COMMIT
 * were two more round trips on every claim.
 */
export async function claimDueDeliveries(sql: SqlClient, req: ClaimRequest): Promise<ClaimedDelivery[]> {
  const { rows } = await sql.query<{
    id: string;
    webhook_id: string;
    workspace_id: string;
    event_name: string;
    body: string;
    attempts: number;
  }>(
    `WITH RECURSIVE sending AS (
       SELECT webhook_id, count(*)::int AS n FROM webhook_deliveries
        WHERE status = 'sending' AND lease = $1 AND locked_until >= now()
        GROUP BY webhook_id
     ),
     -- Every webhook with a pending job, one index probe each (a skip scan).
     waiting AS (
       (SELECT d.webhook_id FROM webhook_deliveries d WHERE d.status = 'pending' ORDER BY d.webhook_id LIMIT 1)
       UNION ALL
       SELECT (SELECT d.webhook_id FROM webhook_deliveries d
                WHERE d.status = 'pending' AND d.webhook_id > w.webhook_id
                ORDER BY d.webhook_id LIMIT 1)
         FROM waiting w WHERE w.webhook_id IS NOT NULL
     ),
     due_window AS (
       SELECT j.id, j.webhook_id, j.next_attempt_at
         FROM waiting w
         LEFT JOIN sending s ON s.webhook_id = w.webhook_id
         CROSS JOIN LATERAL (
           SELECT d.id, d.webhook_id, d.next_attempt_at FROM webhook_deliveries d
            WHERE d.status = 'pending' AND d.webhook_id = w.webhook_id AND d.next_attempt_at <= now()
            ORDER BY d.next_attempt_at, d.id
            LIMIT greatest(0, $4::int - coalesce(s.n, 0))
         ) j
        WHERE w.webhook_id IS NOT NULL
       UNION
       (SELECT d.id, d.webhook_id, d.next_attempt_at FROM webhook_deliveries d
         WHERE ${PENDING}
         ORDER BY d.next_attempt_at, d.id
         LIMIT $2::int + $5::int)
       UNION
       (SELECT d.id, d.webhook_id, d.next_attempt_at FROM webhook_deliveries d
         WHERE ${LEASE_RAN_OUT}
         ORDER BY d.next_attempt_at, d.id
         LIMIT ${LEASES_RUN_OUT})
     ),
     ranked AS (
       SELECT w.id, w.webhook_id, w.next_attempt_at,
              row_number() OVER (PARTITION BY w.webhook_id ORDER BY w.next_attempt_at, w.id) AS nth
         FROM due_window w
     ),
     shared AS (
       SELECT r.id, r.next_attempt_at, (r.nth + coalesce(s.n, 0) > $4) AS beyond
         FROM ranked r LEFT JOIN sending s ON s.webhook_id = r.webhook_id
     ),
     candidates AS (
       SELECT c.id, c.next_attempt_at, c.beyond,
              row_number() OVER (PARTITION BY c.beyond ORDER BY c.next_attempt_at, c.id) AS k
         FROM shared c
     ),
     -- Beyond-share jobs only in the slots left once every within-share one is counted.
     chosen AS MATERIALIZED (
       SELECT c.id FROM candidates c
        WHERE NOT c.beyond OR c.k + (SELECT count(*) FROM candidates w WHERE NOT w.beyond) <= $5
        ORDER BY c.beyond, c.next_attempt_at, c.id
     ),
     -- Locked one by one in the chosen order until enough are held: each row through its key,
     -- and no sort above the locks (a sort would lock every chosen row before the limit).
     due AS (
       SELECT d.id FROM chosen c CROSS JOIN LATERAL (
         SELECT d.id FROM webhook_deliveries d WHERE d.id = c.id AND ${DUE} FOR UPDATE SKIP LOCKED
       ) d
       LIMIT $2
     )
     UPDATE webhook_deliveries d
        SET status = 'sending', attempts = d.attempts + 1, lease = $1, locked_until = now() + ($3::int * interval '1 millisecond')
       FROM due WHERE d.id = due.id
     RETURNING d.id, d.webhook_id, d.workspace_id, d.event_name, d.body, d.attempts`,
    [req.lease, req.limit, req.leaseMs, req.perWebhook, req.beyondShare],
  );
  return rows.map((r) => ({
    id: r.id,
    webhookId: r.webhook_id,
    workspaceId: r.workspace_id,
    eventName: r.event_name,
    body: r.body,
    attempts: r.attempts,
    lease: req.lease,
  }));
}
