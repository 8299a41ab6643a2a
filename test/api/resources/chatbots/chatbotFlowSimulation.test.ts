/**
 * The I/O of a what-if run with a fake store: which sessions it asks the views for, streams read
 * in batches (one read each where the store can, else stream by stream), and conversations
 * recorded before the flow engine counted as skipped.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { simulateFlow, type SimulationDeps } from '../../../../api/resources/chatbots/chatbotFlowSimulation.js';
import { graphOf, type FlowDocument } from '../../../../domain/chatbot/flowDocument.js';
import {
  conversationStream,
  decideConversation,
  evolveConversation,
  initialConversationState,
  type ConversationCommand,
  type ConversationState,
} from '../../../../domain/conversation/conversation.js';
import type { ConversationEvent } from '../../../../domain/conversation/conversationEvents.js';
import type { RecordedEvent } from '../../../../infrastructure/eventStore/eventStore.js';
import type { Filter, FindOptions } from '../../../../infrastructure/readStore/readStore.js';

const now = new Date('2025-03-01T10:00:00.000Z');
const FLOW = {
  start: 'ask',
  steps: [
    { id: 'ask', type: 'question', text: 'Name?', variable: 'name', input: { type: 'text' }, next: 'bye' },
    { id: 'bye', type: 'end', text: 'Bye {{name}}', resolution: 'resolved' },
  ],
} as unknown as FlowDocument;

/** Session `s<n>` answered once (resolved); as stored, with stream ids and revisions. */
function recorded(n: number): RecordedEvent[] {
  const commands: ConversationCommand[] = [
    {
      type: 'StartConversation',
      now,
      sessionId: `s${n}`,
      chatbotId: 'b1',
      workspaceId: 'w1',
      chatbotName: 'Bot',
      aiAgent: null,
      visitorId: 'v1',
      channel: 'web',
      customData: {},
      user: null,
      flow: FLOW,
      flowVersion: 2,
    },
    { type: 'SendMessage', message: 'Ann', responseId: `r${n}`, now },
  ];
  let state: ConversationState = initialConversationState;
  const events: ConversationEvent[] = [];
  for (const command of commands) {
    const decided = decideConversation(command, state);
    state = decided.reduce(evolveConversation, state);
    events.push(...decided);
  }
  return events.map((e, revision) => ({
    id: `${n}-${revision}`,
    streamId: conversationStream(`s${n}`),
    revision,
    type: e.type,
    data: e.data as unknown as Record<string, unknown>,
    metadata: {} as RecordedEvent['metadata'],
    position: { commit: 1n, prepare: BigInt(n * 10 + revision) },
  }));
}

function fakeStore(sessions: number, opts: { batched: boolean; legacy?: number }) {
  const streams = new Map<string, RecordedEvent[]>();
  for (let n = 0; n < sessions; n++) {
    let events = recorded(n);
    // As written before the flow engine: no path on the start.
    if (n === opts.legacy)
      events = events.map((e) => (e.revision === 0 ? { ...e, data: { ...e.data, path: undefined } } : e));
    streams.set(conversationStream(`s${n}`), events);
  }
  const finds: { filter?: Filter; opts?: FindOptions }[] = [];
  const reads: string[][] = [];
  const deps: SimulationDeps = {
    views: {
      async find(_collection, filter, findOpts) {
        finds.push({ filter, opts: findOpts });
        const docs = Array.from({ length: sessions }, (_, n) => ({
          id: `s${n}`,
          startedAt: new Date(now.getTime() - n * 1000).toISOString(),
        }));
        return docs.slice(0, findOpts?.limit) as never;
      },
      get: async () => null,
      count: async () => sessions,
    },
    eventLog: {
      async readStream(id) {
        reads.push([id]);
        return streams.get(id) ?? [];
      },
      ...(opts.batched
        ? {
            async readStreams(ids: readonly string[]) {
              reads.push([...ids]);
              // Streams in another order than asked: the port promises none.
              return [...ids].reverse().flatMap((id) => streams.get(id) ?? []);
            },
          }
        : {}),
    },
  };
  return { deps, finds, reads };
}

const draft = graphOf(FLOW);

test('the newest sessions of the chatbot in the day range, limited', async () => {
  const { deps, finds } = fakeStore(3, { batched: true });
  await simulateFlow(deps, 'b1', draft, { limit: 2, startDate: '2025-03-01', endDate: '2025-03-02' });
  assert.equal(finds, [
    {
      filter: { chatbotId: 'b1', startedAt: { $gte: '2025-03-01T00:00:00.000Z', $lte: '2025-03-02T23:59:59.999Z' } },
      opts: {
        sort: [
          ['startedAt', -1],
          ['id', -1],
        ],
        limit: 2,
      },
    },
  ]);
  await simulateFlow(deps, 'b1', draft, {});
  assert.equal([finds[1]!.filter, finds[1]!.opts?.limit], [{ chatbotId: 'b1' }, 100]);
});

test('streams are read 25 at a time in one read each; rows keep the newest-first order', async () => {
  const { deps, reads } = fakeStore(30, { batched: true });
  const report = await simulateFlow(deps, 'b1', draft, { limit: 1000 });
  assert.equal(
    reads.map((r) => r.length),
    [25, 5],
  );
  assert.equal(
    report.conversations.map((c) => c.chatSessionId),
    Array.from({ length: 30 }, (_, n) => `s${n}`),
  );
  assert.ok(report.conversations.every((c) => c.same && c.after === 'resolved'));
  assert.equal([report.total, report.changed, report.skipped], [30, 0, 0]);
});

test('a store without batched reads is read stream by stream; a conversation without a path is skipped', async () => {
  const { deps, reads } = fakeStore(4, { batched: false, legacy: 2 });
  const report = await simulateFlow(deps, 'b1', draft, {});
  assert.equal(
    reads,
    [0, 1, 2, 3].map((n) => [conversationStream(`s${n}`)]),
  );
  assert.equal(
    report.conversations.map((c) => c.chatSessionId),
    ['s0', 's1', 's3'],
  );
  assert.equal([report.total, report.skipped], [3, 1]);
});

test.run();
