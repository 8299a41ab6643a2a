/** Checks shared by the crash tests: acknowledged writes, views against the log, webhook arrivals. */
import * as assert from 'uvu/assert';
import type { HttpsReceiver } from '../../support/httpsReceiver.js';
import { assertDeliveryLog } from './deliveryLog.js';
import { EXTERNAL, allResponses, http } from './externalApi.js';
import type { StoreReader } from './faultStore.js';
import { webhookKey, type LogSummary } from './logSummary.js';
import { eventually } from '../../support/waiting.js';
import { ledgerFigures, type Ledger } from './writeLoad.js';

/** Every acknowledged write is in the views and the log. */
export async function assertAcknowledgedWritesPresent(o: {
  url: string;
  key: string;
  hubBotId: string;
  ledger: Ledger;
  summary: LogSummary;
}): Promise<void> {
  const { url, key, hubBotId, ledger, summary } = o;
  const listed = await http(url, 'GET', `${EXTERNAL}/chatbots`, { key });
  assert.is(listed.status, 200, listed.text);
  const ids = new Set((listed.body.data as Array<{ id: string }>).map((c) => c.id));
  assert.equal(
    [...ledger.chatbots].filter((id) => !ids.has(id)),
    [],
    'acknowledged chatbots missing from GET /chatbots',
  );
  assert.equal(
    [...ledger.chatbots].filter((id) => !summary.chatbotIds.has(id)),
    [],
    'acknowledged chatbots missing from the event log',
  );
  assert.equal(
    [...ledger.sessions].filter((s) => !summary.sessions.has(s)),
    [],
    'acknowledged sessions missing from the event log',
  );
  const { records } = await allResponses(url, key, hubBotId);
  const bySession = new Map(records.map((r) => [r.chatSessionId as string, r]));
  assert.equal(
    [...ledger.responded].filter((s) => !bySession.has(s)),
    [],
    'acknowledged first messages without a response record',
  );
  for (const s of ledger.responded)
    assert.is(bySession.get(s).answerVariables.name, 'Ada', `session ${s}: the acknowledged answer is recorded`);
  for (const s of ledger.completed)
    assert.is(
      bySession.get(s).answerVariables.email,
      'ada@example.com',
      `session ${s}: the acknowledged second answer is recorded`,
    );
}

/** The chatbots and responses views equal what the log holds. */
export async function assertViewsConverge(o: {
  url: string;
  key: string;
  hubBotId: string;
  summary: LogSummary;
  timeoutMs?: number;
}): Promise<void> {
  const { url, key, hubBotId, summary } = o;
  const state = await eventually(
    async () => {
      const listed = await http(url, 'GET', `${EXTERNAL}/chatbots`, { key });
      const ids = (listed.body.data as Array<{ id: string }>).map((c) => c.id).sort();
      const { total, records } = await allResponses(url, key, hubBotId);
      return ids.length === summary.chatbotIds.size && total === summary.responses.size && records.length === total
        ? { ids, records }
        : null;
    },
    o.timeoutMs ?? 30_000,
    'the views to equal the log',
  );
  assert.equal(state.ids, [...summary.chatbotIds].sort(), 'chatbots in the view = ChatbotCreated in the log');
  assert.equal(
    state.records.map((r: any) => `${r.chatSessionId}/${r._id}`).sort(),
    [...summary.responses].map(([s, id]) => `${s}/${id}`).sort(),
    'response records in the view = ResponseCreated in the log',
  );
}

/** Waits until the receiver holds a delivery for every webhook event of the log. */
export async function waitForWebhookEvents(
  receiver: HttpsReceiver,
  summary: LogSummary,
  timeoutMs: number,
): Promise<number> {
  const expected = [...summary.webhookEvents.values()].reduce((a, b) => a + b, 0);
  const missing = () => {
    const got = new Map<string, Set<string>>();
    for (const r of receiver.requests) {
      const k = webhookKey(r.headers, r.rawBody);
      if (!got.has(k)) got.set(k, new Set());
      got.get(k)!.add(String(r.headers['x-webhook-delivery-id']));
    }
    return [...summary.webhookEvents].filter(([k, n]) => (got.get(k)?.size ?? 0) < n).map(([k]) => k);
  };
  try {
    await eventually(async () => missing().length === 0, timeoutMs, `all ${expected} webhook events to arrive`, 500);
  } catch (err) {
    // How far it got: a timeout alone does not tell a slow dispatcher from a stuck one.
    const left = missing();
    throw new Error(
      `${(err as Error).message}: ${left.length} still missing after ${receiver.requests.length} requests received (first: ${left.slice(0, 5).join(', ')})`,
    );
  }
  return expected;
}

/**
 * assertDeliveryLog on `sql` (closed afterwards), then the file's figures as one JSON line: the
 * test's own `figures` first, then the ledger's counts, the log's, the delivery stats and the
 * seconds since `fileStarted`.
 */
export async function assertDeliveryLogAndReport(o: {
  sql: StoreReader;
  webhookId: string;
  receiver: HttpsReceiver;
  secret: string;
  expectedJobs: number;
  ledger: Ledger;
  summary: LogSummary;
  fileStarted: number;
  figures: () => Record<string, unknown>;
}): Promise<void> {
  const { sql, ledger, summary } = o;
  try {
    const stats = await assertDeliveryLog({
      sql,
      webhookId: o.webhookId,
      receiver: o.receiver,
      secret: o.secret,
      expectedJobs: o.expectedJobs,
    });
    console.log(
      JSON.stringify({
        ...o.figures(),
        ...ledgerFigures(ledger),
        logEvents: summary.events,
        webhookEvents: o.expectedJobs,
        ...stats,
        fileSeconds: Math.round((Date.now() - o.fileStarted) / 1000),
      }),
    );
  } finally {
    await sql.close();
  }
}
