/**
 * A what-if run (POST /chatbots/{id}/flow/simulate) over 1,000 recorded conversations of 20
 * visitor turns each, on the embedded store: the time of the run through the External API, and
 * the heap while it runs with 250, 500 and 1,000 conversations, to show that memory follows the
 * report (a few hundred bytes a conversation), not the conversations' events.
 *
 * Seeding: each conversation is decided by the real conversation aggregate (pure, in process:
 * start, 20 answers, an http answer in the middle, some closed by the visitor) and its events are
 * appended straight to the event store, 50 streams per append, instead of 20,000 chat requests;
 * the projections then index them as they would live ones.
 *
 *   npx tsx bench/flowSimulate.ts
 *   CONVERSATIONS=1000 TURNS=20 npx tsx bench/flowSimulate.ts
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { randomUUID } from 'node:crypto';
import { metadataFor, operatorContext, type CommandContext } from '../commands/commandContext.js';
import type { FlowDocument } from '../domain/chatbot/flowDocument.js';
import {
  conversationStream,
  decideConversation,
  evolveConversation,
  initialConversationState,
  type ConversationCommand,
  type ConversationState,
} from '../domain/conversation/conversation.js';
import type { ConversationEvent } from '../domain/conversation/conversationEvents.js';
import { comparePositions, type NewEvent, type Position } from '../infrastructure/eventStore/eventStore.js';
import { postJson, startBenchServer } from './conversationsSupport.js';

const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 1000);
const TURNS = Number(process.env.TURNS ?? 20);
const STREAMS_PER_APPEND = 50;
const GOAL_MS = 10_000;
const EXT = '/api/v1/external/v1';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** TURNS questions; after every fifth a condition on the answer, and an http lookup halfway. */
function benchFlow(lenient: boolean): FlowDocument {
  const half = TURNS / 2;
  const steps: Record<string, unknown>[] = [{ id: 'greet', type: 'set', variable: 'a0', value: 'there', next: 'q1' }];
  for (let i = 1; i <= TURNS; i++) {
    const checked = i % 5 === 0 && i !== half && i !== TURNS;
    const next = i === TURNS ? 'bye' : i === half ? 'lookup' : checked ? `check${i}` : `q${i + 1}`;
    steps.push({
      id: `q${i}`,
      type: 'question',
      text: `Question ${i}, {{a${i - 1}}}?`,
      variable: `a${i}`,
      input: { type: 'text' },
      next,
    });
    if (!checked) continue;
    // The draft lets "no" through where the published version hands off.
    const when = { all: [{ variable: `a${i}`, op: 'equals', value: lenient ? 'never' : 'no' }] };
    steps.push({ id: `check${i}`, type: 'condition', branches: [{ when, next: 'agent' }], else: `q${i + 1}` });
  }
  steps.push(
    {
      id: 'lookup',
      type: 'http',
      method: 'POST',
      url: 'https://crm.example.com/visitors',
      body: { answer: `{{a${half}}}` },
      save: { tier: '$.tier' },
      next: `q${half + 1}`,
      onError: 'agent',
    },
    { id: 'bye', type: 'end', text: 'Thanks, {{tier}} visitor.', resolution: 'resolved' },
    { id: 'agent', type: 'handoff', text: 'A person will help.', reason: 'said_no' },
  );
  return { start: 'greet', steps } as unknown as FlowDocument;
}

/** One conversation through the real aggregate: its events, as the chat API would record them. */
function conversation(n: number, flow: FlowDocument, ids: { chatbotId: string; workspaceId: string }, startedAt: Date) {
  const sessionId = randomUUID();
  let now = startedAt;
  let state: ConversationState = initialConversationState;
  const all: ConversationEvent[] = [];
  const run = (command: ConversationCommand) => {
    const events = decideConversation(command, state);
    state = events.reduce(evolveConversation, state);
    all.push(...events);
    now = new Date(now.getTime() + 1000);
  };
  run({
    type: 'StartConversation',
    now,
    sessionId,
    ...ids,
    chatbotName: 'Bench',
    aiAgent: null,
    visitorId: `v${n}`,
    channel: 'web',
    customData: {},
    user: null,
    flow,
    flowVersion: 2,
  });
  // One conversation in ten says "no" at question 5 (a handoff); one in ten leaves at question 15.
  const stopsAt = n % 10 === 3 ? 15 : TURNS;
  for (let turn = 1; turn <= stopsAt && state.status === 'active'; turn++) {
    run({
      type: 'SendMessage',
      message: n % 10 === 7 && turn === 5 ? 'no' : `answer ${n}-${turn}`,
      responseId: sessionId,
      now,
    });
    if (state.status === 'active' && state.graph.steps.find((s) => s.id === state.run.stepId)?.type === 'http') {
      run({
        type: 'RecordHttpResult',
        result: { ok: true, status: 200, json: { tier: n % 2 ? 'gold' : 'silver' } },
        keptJson: { tier: n % 2 ? 'gold' : 'silver' },
        now,
      });
    }
  }
  if (state.status === 'active' && n % 20 === 3) run({ type: 'EndConversation', now });
  return { streamId: conversationStream(sessionId), events: all, at: now };
}

function heapMb(): number {
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const server = await startBenchServer();
const { services } = server.running;
try {
  const { apiKey, workspaceId } = await services.workspaces.createWorkspace(
    { name: 'What-if', plan: 'enterprise', ownerEmail: `whatif-${Date.now()}@example.com` },
    operatorContext(),
  );
  const ctx = { ...operatorContext(workspaceId), workspaceId };
  const published = benchFlow(false);
  const created = await postJson(`${server.url}${EXT}/chatbots`, { name: 'Bench' }, { 'x-api-key': apiKey });
  const chatbotId = created.body.data.id as string;
  await services.chatbots.saveFlowDraft(chatbotId, published, ctx);
  await services.chatbots.publishFlow(chatbotId, undefined, ctx);

  const t = performance.now();
  const origin = Date.now() - CONVERSATIONS * 60_000;
  let last: Position | null = null;
  let events = 0;
  for (let first = 0; first < CONVERSATIONS; first += STREAMS_PER_APPEND) {
    const batch = [];
    for (let n = first; n < Math.min(CONVERSATIONS, first + STREAMS_PER_APPEND); n++) {
      const c = conversation(n, published, { chatbotId, workspaceId }, new Date(origin + n * 60_000));
      const visitor: CommandContext = {
        actor: { type: 'visitor', id: `v${n}` },
        workspaceId,
        correlationId: randomUUID(),
      };
      const metadata = metadataFor(visitor, c.at);
      events += c.events.length;
      batch.push({
        streamId: c.streamId,
        events: c.events.map(
          (e): NewEvent => ({ type: e.type, data: e.data as unknown as Record<string, unknown>, metadata }),
        ),
        expectedRevision: 'no_stream' as const,
      });
    }
    const results = await services.events.appendAll!(batch);
    for (const r of results) if (!last || comparePositions(r.position, last) > 0) last = r.position;
  }
  await services.projections.waitFor(last!, 120_000);
  console.log(
    `seeded ${CONVERSATIONS} conversations, ${events} events, in ${((performance.now() - t) / 1000).toFixed(1)} s (views included)`,
  );

  // The draft: "no" no longer hands off, so those conversations go on (and run out of inputs).
  await services.chatbots.saveFlowDraft(chatbotId, benchFlow(true), ctx);

  const call = async (limit: number) => {
    const r = await postJson(
      `${server.url}${EXT}/chatbots/${chatbotId}/flow/simulate`,
      { limit },
      { 'x-api-key': apiKey },
    );
    if (r.status !== 200) throw new Error(`simulate answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.data as { total: number; changed: number; outcomeChanged: number; outcomes: unknown };
  };
  /** The run timed alone. */
  const timed = async (limit: number) => {
    gc();
    const started = performance.now();
    const data = await call(limit);
    return { ms: performance.now() - started, data, bytes: JSON.stringify(data).length };
  };
  /**
   * The live heap during a run: collected and measured each time a batch of streams has been
   * read (while that batch's events and every report row so far are held), so each sample is
   * what the run holds then, not garbage not yet collected. Timers cannot sample it: the
   * embedded store answers without yielding to them.
   */
  const live = async (limit: number) => {
    const events = services.events;
    const read = events.readStreams!.bind(events);
    gc();
    const before = heapMb();
    let peak = before;
    let samples = 0;
    events.readStreams = async (ids) => {
      const batch = await read(ids);
      gc();
      samples++;
      peak = Math.max(peak, heapMb());
      return batch;
    };
    try {
      await call(limit);
    } finally {
      events.readStreams = read;
    }
    gc();
    return { before, peak, after: heapMb(), samples };
  };

  await timed(50); // warm-up: JIT, prepared statements
  const rows = [];
  for (const limit of [Math.round(CONVERSATIONS / 4), Math.round(CONVERSATIONS / 2), CONVERSATIONS]) {
    const t = await timed(limit);
    const again = await timed(limit);
    rows.push({ limit, ...t, again: again.ms, ...(await live(limit)) });
  }
  console.log(
    '\n| conversations | run ms | again ms | changed | outcome changed | report KB | live heap before MB | live heap peak MB | peak − before MB | after MB | samples |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.data.total} | ${Math.round(r.ms)} | ${Math.round(r.again)} | ${r.data.changed} | ${r.data.outcomeChanged} | ${(r.bytes / 1024).toFixed(0)} | ${r.before.toFixed(1)} | ${r.peak.toFixed(1)} | ${(r.peak - r.before).toFixed(1)} | ${r.after.toFixed(1)} | ${r.samples} |`,
    );
  }
  const full = rows.at(-1)!;
  console.log(`\noutcomes (${full.data.total}): ${JSON.stringify(full.data.outcomes)}`);
  const slowest = Math.max(full.ms, full.again);
  console.log(
    `goal: ${full.data.total} conversations in ≤ ${GOAL_MS / 1000} s: ${slowest <= GOAL_MS ? 'met' : 'MISSED'} (${Math.round(slowest)} ms)`,
  );
} finally {
  await server.close();
}
