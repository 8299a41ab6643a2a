/**
 * `confab events export` is an audit trail that operators copy around: it must not carry
 * anything that recovers a secret (an email-change code is 6 digits, so its hash and salt alone
 * would give the code back by brute force), yet it must reproduce everything else as recorded:
 * visitor answers and custom data whose names merely look like secrets included.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventToJson, exportEvents } from '../../cli/eventExport.js';
import { SECRET_FIELDS } from '../../cli/exportRedaction.js';
import type { EventStore, RecordedEvent } from '../../infrastructure/eventStore/eventStore.js';

const HASH = 'a'.repeat(64);
const SALT = 'b'.repeat(32);

let position = 0n;
function recorded(
  type: string,
  data: Record<string, unknown>,
  opts: { streamId?: string; workspaceId?: string } = {},
): RecordedEvent {
  position += 1n;
  return {
    id: `e-${type}-${position}`,
    streamId: opts.streamId ?? 'user-u1',
    revision: 0,
    position: { commit: position, prepare: 0n },
    type,
    data,
    metadata: {
      workspaceId: opts.workspaceId ?? 'w1',
      actor: { type: 'apiKey', id: 'k1' },
      correlationId: 'c1',
      causationId: null,
      requestId: null,
      occurredAt: '2030-01-01T00:00:00.000Z',
    },
  };
}

test('code hashes and salts of the email change print as [redacted], the rest of the event as recorded', () => {
  for (const type of ['EmailChangeRequested', 'EmailChangeIdentityVerified']) {
    const event = recorded(type, {
      requestId: 'r1',
      newEmail: 'new@example.com',
      codeHash: HASH,
      salt: SALT,
      expiresAt: '2030-01-01T00:10:00.000Z',
    });
    const out = eventToJson(event);
    assert.equal(out.data, {
      requestId: 'r1',
      newEmail: 'new@example.com',
      codeHash: '[redacted]',
      salt: '[redacted]',
      expiresAt: '2030-01-01T00:10:00.000Z',
    });
    assert.equal(out.metadata, event.metadata);
  }
});

test('password, API-key and invite-token hashes and webhook signing secrets print as [redacted]', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      'UserRegistered',
      { userId: 'u1', email: 'a@b.test', name: 'Ann', passwordHash: 'scrypt$x$y', timezone: 'UTC' },
      'passwordHash',
    ],
    ['PasswordChanged', { userId: 'u1', passwordHash: 'scrypt$x$y' }, 'passwordHash'],
    [
      'ApiKeyCreated',
      { keyId: 'k1', workspaceId: 'w1', keyHash: HASH, prefix: 'cfb_ab', role: 'admin', scopes: ['read'] },
      'keyHash',
    ],
    [
      'MemberInvited',
      { workspaceId: 'w1', inviteId: 'i1', email: 'm@b.test', role: 'member', tokenHash: HASH, expiresAt: 'x' },
      'tokenHash',
    ],
    [
      'WebhookCreated',
      {
        webhookId: 'h1',
        workspaceId: 'w1',
        chatbotId: 'c1',
        secret: 'whsec_live',
        url: 'https://x.test',
        events: [],
        description: '',
      },
      'secret',
    ],
    [
      'ModelConnectionCreated',
      {
        connectionId: 'm1',
        workspaceId: 'w1',
        apiKeyCiphertext: 'v1.iv.tag.body',
        name: 'OpenAI',
        baseUrl: 'https://api.openai.com/v1',
        chatModel: 'gpt-4o-mini',
        embeddingModel: null,
      },
      'apiKeyCiphertext',
    ],
    [
      'ModelConnectionUpdated',
      { connectionId: 'm1', changes: {}, apiKeyCiphertext: 'v1.iv.tag.new' },
      'apiKeyCiphertext',
    ],
  ];
  for (const [type, data, field] of cases) {
    const out = eventToJson(recorded(type, data)).data as Record<string, unknown>;
    assert.is(out[field], '[redacted]', `${type}.${field}`);
    assert.equal({ ...out, [field]: data[field] }, data, `${type}: everything else as recorded`);
  }
  // No password at all is not a secret: the audit shows the owner signs in by code or link.
  assert.is(
    (eventToJson(recorded('UserRegistered', { userId: 'u1', passwordHash: null })).data as Record<string, unknown>)
      .passwordHash,
    null,
  );
});

test('visitor answers, custom data and store hashes print as recorded, whatever their names look like', () => {
  const answers = {
    coupon_token: 'SAVE10',
    hashtag: '#summer',
    password_hint: 'my dog',
    secret_menu: 'yes',
    salt_level: 'low',
  };
  const messages = recorded('MessagesRecorded', {
    sessionId: 's1',
    responseId: 'r1',
    chatbotId: 'c1',
    workspaceId: 'w1',
    entries: [],
    answerVariables: answers,
    turnCount: 1,
  });
  assert.equal(eventToJson(messages).data, messages.data);
  const started = recorded('ConversationStarted', {
    sessionId: 's1',
    customData: { accessToken: 'visitor-sent', pepper: 'x' },
    user: { id: 'u', email: 'v@x.test' },
  });
  assert.equal(eventToJson(started).data, started.data);
  const store = recorded('StoreInstalled', {
    storeHash: 'abc123',
    scope: 'store_v2_content',
    installedBy: { id: '1', email: 'o@x.test' },
    ownerId: null,
  });
  assert.equal(eventToJson(store).data, store.data);
  // An event type without secrets, with secret-looking names nested anywhere: untouched.
  const profile = recorded('ProfileUpdated', { userId: 'u1', changes: { name: 'Token Hashimoto' } });
  assert.equal(eventToJson(profile).data, profile.data);
});

test('the redaction table names only fields its event types define (checked by the typecheck too)', () => {
  assert.equal(Object.keys(SECRET_FIELDS).sort(), [
    'ApiKeyCreated',
    'EmailChangeIdentityVerified',
    'EmailChangeRequested',
    'MemberInvited',
    'ModelConnectionCreated',
    'ModelConnectionUpdated',
    'PasswordChanged',
    'UserRegistered',
    'WebhookCreated',
  ]);
});

function storeOf(events: RecordedEvent[]): Pick<EventStore, 'readStream' | 'readAll'> {
  return {
    readStream: async (streamId) => events.filter((e) => e.streamId === streamId),
    readAll: async ({ after, limit = 1000 } = {}) =>
      events.filter((e) => !after || e.position.commit > after.commit).slice(0, limit),
  };
}

const log = [
  recorded('WorkspaceCreated', { workspaceId: 'w1' }, { streamId: 'workspace-w1', workspaceId: 'w1' }),
  recorded('WorkspaceCreated', { workspaceId: 'w2' }, { streamId: 'workspace-w2', workspaceId: 'w2' }),
  recorded('NameReserved', { key: 'a@b.test', owner: 'u1' }, { streamId: 'email-a@b.test', workspaceId: 'w1' }),
  recorded('NameReleased', { key: 'a@b.test', owner: 'u1' }, { streamId: 'email-a@b.test', workspaceId: 'w1' }),
  recorded('NameReserved', { key: 'a@b.test', owner: 'u2' }, { streamId: 'email-a@b.test', workspaceId: 'w2' }),
];
const types = (lines: string[]) =>
  lines.map((l) => `${JSON.parse(l).streamId}:${JSON.parse(l).data.owner ?? JSON.parse(l).data.workspaceId}`);

test('--stream and --workspace together: the events of that stream recorded for that workspace', async () => {
  const events = storeOf(log);
  assert.equal(types(await exportEvents(events, { stream: 'email-a@b.test', workspace: 'w2' })), ['email-a@b.test:u2']);
  assert.equal(
    types(await exportEvents(events, { stream: 'workspace-w1', workspace: 'w2' })),
    [],
    "another workspace's stream: nothing of w2's in it",
  );
  assert.equal(types(await exportEvents(events, { stream: 'email-a@b.test' })), [
    'email-a@b.test:u1',
    'email-a@b.test:u1',
    'email-a@b.test:u2',
  ]);
  assert.equal(types(await exportEvents(events, { workspace: 'w1' })), [
    'workspace-w1:w1',
    'email-a@b.test:u1',
    'email-a@b.test:u1',
  ]);
});

test('a stream or workspace that does not exist is an error, not an empty export', async () => {
  const events = storeOf(log);
  for (const [filter, message] of [
    [{ stream: 'workspace-nope' }, /no stream named "workspace-nope"/],
    [{ workspace: 'nope' }, /no workspace with id "nope"/],
    [{ stream: 'workspace-w1', workspace: 'nope' }, /no workspace with id "nope"/],
  ] as const) {
    try {
      await exportEvents(events, filter);
      assert.unreachable(JSON.stringify(filter));
    } catch (err) {
      assert.match((err as Error).message, message);
    }
  }
});

test.run();
