/** The webhook delivery tables (read after the server stopped) against what the receiver saw. */
import * as assert from 'uvu/assert';
import { verifySeedSignature, type HttpsReceiver } from '../../support/httpsReceiver.js';
import type { StoreReader } from './faultStore.js';

export interface DeliveryStats {
  jobs: number;
  receiverRequests: number;
  /** Deliveries the receiver got more than once (a crash or outage cut the claim that sent them). */
  sentAgain: number;
  maxAttemptsClaimed: number;
}

/**
 * One job per event, all delivered; per delivery, the receiver got it at most as often as
 * attempts were claimed, at most 1 + 3 times; the logged attempt numbers are distinct and within
 * the claims, with one success.
 */
export async function assertDeliveryLog(o: {
  sql: StoreReader;
  webhookId: string;
  receiver: HttpsReceiver;
  secret: string;
  expectedJobs: number;
}): Promise<DeliveryStats> {
  const { sql, webhookId, receiver, secret } = o;
  const jobs = (
    await sql.query<{ id: string; attempts: number; status: string }>(
      `SELECT id, attempts, status FROM webhook_deliveries WHERE webhook_id = $1`,
      [webhookId],
    )
  ).rows;
  const log = (
    await sql.query<{ delivery_id: string; attempt: number; success: boolean }>(
      `SELECT delivery_id, attempt, success FROM webhook_delivery_attempts WHERE webhook_id = $1`,
      [webhookId],
    )
  ).rows;
  assert.is(jobs.length, o.expectedJobs, 'one delivery job per event');
  assert.equal(
    jobs.filter((j) => j.status !== 'delivered').map((j) => `${j.id}:${j.status}`),
    [],
    'every job delivered',
  );
  const receipts = new Map<string, number>();
  for (const r of receiver.requests) {
    const id = String(r.headers['x-webhook-delivery-id']);
    receipts.set(id, (receipts.get(id) ?? 0) + 1);
    assert.ok(verifySeedSignature(r, secret), 'every request is signed with the secret');
  }
  const jobIds = new Set(jobs.map((j) => j.id));
  assert.equal(
    [...receipts.keys()].filter((id) => !jobIds.has(id)),
    [],
    'no delivery id the service does not know',
  );
  let sentAgain = 0;
  for (const job of jobs) {
    const got = receipts.get(job.id) ?? 0;
    const attempts = Number(job.attempts);
    assert.ok(got >= 1 && got <= attempts, `delivery ${job.id}: received ${got} times, ${attempts} attempts claimed`);
    assert.ok(attempts <= 1 + 3, `delivery ${job.id}: ${attempts} attempts claimed, the policy allows 1 + 3`);
    const logged = log.filter((l) => l.delivery_id === job.id).map((l) => Number(l.attempt));
    assert.is(
      new Set(logged).size,
      logged.length,
      `delivery ${job.id}: attempt numbers ${logged.join(',')} are distinct`,
    );
    assert.ok(
      logged.every((a) => a >= 1 && a <= attempts),
      `delivery ${job.id}: logged attempts ${logged.join(',')} within 1..${attempts}`,
    );
    assert.is(
      log.filter((l) => l.delivery_id === job.id && l.success).length,
      1,
      `delivery ${job.id}: one successful attempt logged`,
    );
    if (got > 1) sentAgain++;
  }
  return {
    jobs: jobs.length,
    receiverRequests: receiver.requests.length,
    sentAgain,
    maxAttemptsClaimed: Math.max(0, ...jobs.map((j) => Number(j.attempts))),
  };
}
