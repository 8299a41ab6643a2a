import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../../domain/event.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors.js';
import {
  decideApiKey,
  effectiveScopes,
  evolveApiKey,
  initialApiKeyState,
  parseRole,
  parseScopes,
  type ApiKeyCommand,
} from '../../../domain/apiKey/apiKey.js';

const create: ApiKeyCommand = {
  type: 'CreateApiKey',
  keyId: 'k1',
  workspaceId: 'w1',
  keyHash: 'ab'.repeat(32),
  prefix: 'cfb_abcdefgh',
  role: 'member',
  scopes: [],
};
const createdState = fold(evolveApiKey, initialApiKeyState, decideApiKey(create, initialApiKeyState));

function validationField(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    assert.instance(err, ValidationError);
    return (err as ValidationError).field;
  }
  assert.unreachable('did not throw');
}

test('create emits ApiKeyCreated with the hash, never a raw key', () => {
  const events = decideApiKey(create, initialApiKeyState);
  assert.is(events.length, 1);
  assert.is(events[0].type, 'ApiKeyCreated');
  assert.equal(Object.keys(events[0].data).sort(), ['keyHash', 'keyId', 'prefix', 'role', 'scopes', 'workspaceId']);
  assert.equal(createdState, { exists: true, revoked: false, keyId: 'k1', workspaceId: 'w1' });
});

test('creating an existing key is a conflict', () => {
  assert.throws(
    () => decideApiKey(create, createdState),
    (e: unknown) => e instanceof ConflictError,
  );
});

test('revoke emits once, then nothing; an unknown key is not found', () => {
  const events = decideApiKey({ type: 'RevokeApiKey' }, createdState);
  assert.equal(events, [{ type: 'ApiKeyRevoked', data: { keyId: 'k1', workspaceId: 'w1' } }]);
  const revoked = fold(evolveApiKey, createdState, events);
  assert.is(revoked.revoked, true);
  assert.equal(decideApiKey({ type: 'RevokeApiKey' }, revoked), []);
  assert.throws(
    () => decideApiKey({ type: 'RevokeApiKey' }, initialApiKeyState),
    (e: unknown) => e instanceof NotFoundError,
  );
});

test('parseRole defaults to member and rejects unknown roles naming the field', () => {
  assert.is(parseRole(undefined), 'member');
  assert.is(parseRole('admin'), 'admin');
  assert.is(parseRole('member'), 'member');
  for (const bad of ['owner', '', null, 1])
    assert.is(
      validationField(() => parseRole(bad)),
      'role',
    );
});

test('parseScopes accepts a list or a comma string, deduplicated, in one order', () => {
  assert.equal(parseScopes('account:write, write, account:write, read'), ['read', 'write', 'account:write']);
  assert.equal(parseScopes(['write', 'read']), ['read', 'write']);
});

test('parseScopes stores read and write when neither is named (the CLI default, docs/cli.md)', () => {
  assert.equal(parseScopes(undefined), ['read', 'write']);
  assert.equal(parseScopes(''), ['read', 'write']);
  assert.equal(parseScopes('account:write'), ['read', 'write', 'account:write']);
  assert.equal(parseScopes(['account:write']), ['read', 'write', 'account:write']);
});

test('parseScopes takes a list naming read or write as it is: --scopes read is read only', () => {
  assert.equal(parseScopes('read'), ['read']);
  assert.equal(parseScopes('write'), ['write']);
  assert.equal(parseScopes('read,account:write'), ['read', 'account:write']);
});

test('effectiveScopes: keys stored without read and write (before they were stored) have both; write includes read', () => {
  assert.equal(effectiveScopes([]), ['read', 'write']);
  assert.equal(effectiveScopes(['account:write']), ['read', 'write', 'account:write']);
  assert.equal(effectiveScopes(['read']), ['read']);
  assert.equal(effectiveScopes(['write']), ['write', 'read']);
  assert.equal(effectiveScopes(['read', 'write', 'account:write']), ['read', 'write', 'account:write']);
});

test('parseScopes names the unknown and the valid scopes', () => {
  try {
    parseScopes('account:write,admin:all');
    assert.unreachable();
  } catch (err) {
    assert.instance(err, ValidationError);
    assert.is((err as ValidationError).field, 'scopes');
    assert.match((err as Error).message, 'admin:all');
    assert.match((err as Error).message, /valid scopes: read, write, account:write/);
  }
});

test.run();
