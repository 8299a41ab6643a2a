// A projection is a table of handlers keyed by the domain's event types: each handler is given
// its event with the payload typed, and reads answer the documents a handler will get by id.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RecordedEvent } from '../../infrastructure/eventStore/eventStore.js';
import type { ReadStoreWriter } from '../../infrastructure/readStore/readStore.js';
import { defineProjection } from '../../projections/projection.js';
import { CHATBOTS } from '../../projections/views/chatbotsView.js';
import { meta } from '../infrastructure/eventStore/eventStoreContract.js';

const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e-${type}`,
  type,
  data,
  metadata: meta(),
  streamId: 'chatbot-c1',
  revision: 0,
  position: { commit: 1n, prepare: 1n },
});

test('apply hands each event to the handler of its type, with the payload typed', async () => {
  const seen: string[] = [];
  const projection = defineProjection('names', [], {
    async ChatbotCreated(e) {
      seen.push(`created ${e.data.name} in ${e.data.workspaceId}`);
    },
    async ChatbotDeleted(e) {
      seen.push(`deleted ${e.data.chatbotId}`);
    },
  });
  const tx = {} as ReadStoreWriter;
  await projection.apply(recorded('ChatbotCreated', { chatbotId: 'c1', workspaceId: 'w1', name: 'Bot' }), tx);
  await projection.apply(recorded('ChatbotDeleted', { chatbotId: 'c1', workspaceId: 'w1' }), tx);
  assert.equal(seen, ['created Bot in w1', 'deleted c1']);
  assert.equal(projection.handles, ['ChatbotCreated', 'ChatbotDeleted']);
});

const withReads = defineProjection(
  'reads',
  [],
  { async ChatbotUpdated() {}, async ChatbotDeleted() {} },
  { ChatbotUpdated: (e) => [[CHATBOTS, e.data.chatbotId]] },
);

test('reads answer the documents of the event type, none for a type without reads', () => {
  const projection = withReads;
  assert.equal(projection.reads?.(recorded('ChatbotUpdated', { chatbotId: 'c9', changes: {} })), [[CHATBOTS, 'c9']]);
  assert.equal(projection.reads?.(recorded('ChatbotDeleted', { chatbotId: 'c9', workspaceId: 'w' })), []);
});

test('an event type the domain does not know is refused by the compiler', () => {
  defineProjection('typo', [], {
    // @ts-expect-error: no aggregate appends ChatbotCreatd
    async ChatbotCreatd() {},
  });
});

test.run();
