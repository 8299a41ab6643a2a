/**
 * `confab events export` is an audit trail that operators copy around: it must not carry
 * anything that recovers a secret. An email-change code is 6 digits, so its hash and salt
 * alone would give the code back by brute force.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventToJson } from '../../cli/cliCommands.js';
import type { RecordedEvent } from '../../infrastructure/eventStore/eventStore.js';

const HASH = 'a'.repeat(64);
const SALT = 'b'.repeat(32);

function recorded(type: string, data: Record<string, unknown>): RecordedEvent {
  return {
    id: `e-${type}`,
    streamId: 'user-u1',
    revision: 0,
    position: { commit: 1n, prepare: 1n },
    type,
    data,
    metadata: { workspaceId: 'w1', actor: { type: 'apiKey', id: 'k1' }, correlationId: 'c1', causationId: null, requestId: null, occurredAt: '2030-01-01T00:00:00.000Z' },
  };
}

test('code hashes and salts of the email change print as [redacted], the rest of the event as recorded', () => {
  for (const type of ['EmailChangeRequested', 'EmailChangeIdentityVerified']) {
    const out = eventToJson(recorded(type, { requestId: 'r1', newEmail: 'new@example.com', codeHash: HASH, salt: SALT, expiresAt: '2030-01-01T00:10:00.000Z' }));
    assert.equal(out.data, { requestId: 'r1', newEmail: 'new@example.com', codeHash: '[redacted]', salt: '[redacted]', expiresAt: '2030-01-01T00:10:00.000Z' });
    assert.equal(out.metadata, recorded(type, {}).metadata);
  }
});

test('any field named like a hash, salt, secret, password or token is redacted, nested ones too', () => {
  const out = JSON.stringify(
    eventToJson(
      recorded('Mixed', {
        passwordHash: 'scrypt$x$y',
        keyHash: HASH,
        secret: 'whsec',
        newSalt: SALT,
        changes: { signingSecret: 'nested-secret', resetToken: 'tok', name: 'kept' },
        list: [{ codeHash: 'in-a-list' }],
      }),
    ),
  );
  for (const leaked of ['scrypt$x$y', HASH, 'whsec', SALT, 'nested-secret', 'tok', 'in-a-list']) assert.not.ok(out.includes(leaked), leaked);
  assert.ok(out.includes('"name":"kept"'));
});

test.run();
