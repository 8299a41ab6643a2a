import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConflictError, NotFoundError } from '../../../domain/errors.js';
import {
  decideModelConnection,
  evolveModelConnection,
  initialModelConnectionState,
  type ModelConnectionCommand,
  type ModelConnectionState,
} from '../../../domain/modelConnections/modelConnection.js';

const CREATE: ModelConnectionCommand = {
  type: 'CreateModelConnection',
  connectionId: 'c1',
  workspaceId: 'w1',
  apiKeyCiphertext: 'v1.iv.tag.body',
  name: 'OpenAI',
  baseUrl: 'https://api.openai.com/v1',
  chatModel: 'gpt-4o-mini',
  embeddingModel: null,
};

function apply(commands: ModelConnectionCommand[], state = initialModelConnectionState): ModelConnectionState {
  return commands.reduce((s, c) => {
    const events = decideModelConnection(c, s);
    return (Array.isArray(events) ? events : []).reduce(evolveModelConnection, s);
  }, state);
}

test('create records the fields and the ciphertext only', () => {
  const [event] = decideModelConnection(CREATE, initialModelConnectionState) as any[];
  assert.is(event.type, 'ModelConnectionCreated');
  assert.equal(Object.keys(event.data).sort(), [
    'apiKeyCiphertext',
    'baseUrl',
    'chatModel',
    'connectionId',
    'embeddingModel',
    'name',
    'workspaceId',
  ]);
  const state = evolveModelConnection(initialModelConnectionState, event);
  assert.is(state.status, 'active');
  assert.is(state.apiKeyCiphertext, 'v1.iv.tag.body');
  assert.equal(state.fields, {
    name: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    chatModel: 'gpt-4o-mini',
    embeddingModel: null,
  });
});

test('a second create of the same id is a conflict', () => {
  assert.throws(
    () => decideModelConnection(CREATE, apply([CREATE])),
    (e: unknown) => e instanceof ConflictError,
  );
});

test('update records only real changes; a no-op appends nothing; a new key always counts', () => {
  const state = apply([CREATE]);
  assert.equal(
    decideModelConnection({ type: 'UpdateModelConnection', workspaceId: 'w1', changes: { name: 'OpenAI' } }, state),
    [],
  );
  const [changed] = decideModelConnection(
    { type: 'UpdateModelConnection', workspaceId: 'w1', changes: { name: 'OpenAI', chatModel: 'gpt-4o' } },
    state,
  ) as any[];
  assert.equal(changed.data, { connectionId: 'c1', changes: { chatModel: 'gpt-4o' } });
  const [rekeyed] = decideModelConnection(
    { type: 'UpdateModelConnection', workspaceId: 'w1', changes: {}, apiKeyCiphertext: 'v1.new' },
    state,
  ) as any[];
  assert.equal(rekeyed.data, { connectionId: 'c1', changes: {}, apiKeyCiphertext: 'v1.new' });
  const after = evolveModelConnection(evolveModelConnection(state, changed), rekeyed);
  assert.is(after.fields.chatModel, 'gpt-4o');
  assert.is(after.apiKeyCiphertext, 'v1.new');
});

test('clearing the embedding model is a change to null', () => {
  const state = apply([{ ...CREATE, embeddingModel: 'text-embedding-3-small' } as ModelConnectionCommand]);
  const [event] = decideModelConnection(
    { type: 'UpdateModelConnection', workspaceId: 'w1', changes: { embeddingModel: null } },
    state,
  ) as any[];
  assert.equal(event.data.changes, { embeddingModel: null });
});

test('another workspace, an absent or a deleted connection: not found', () => {
  const state = apply([CREATE]);
  const isNotFound = (e: unknown) => e instanceof NotFoundError;
  assert.throws(() => decideModelConnection({ type: 'DeleteModelConnection', workspaceId: 'w2' }, state), isNotFound);
  assert.throws(
    () => decideModelConnection({ type: 'DeleteModelConnection', workspaceId: 'w1' }, initialModelConnectionState),
    isNotFound,
  );
  const deleted = apply([{ type: 'DeleteModelConnection', workspaceId: 'w1' }], state);
  assert.is(deleted.status, 'deleted');
  assert.is(deleted.apiKeyCiphertext, null);
  assert.throws(
    () => decideModelConnection({ type: 'UpdateModelConnection', workspaceId: 'w1', changes: { name: 'x' } }, deleted),
    isNotFound,
  );
});

test.run();
