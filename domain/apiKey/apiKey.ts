/**
 * The API key aggregate (stream `apikey-<id>`). Only the SHA-256 of the key is ever stored:
 * keys are 256-bit random strings, so a fast hash is enough and lets us look a key up by it.
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';

export const API_KEY_ROLES = ['admin', 'member'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/**
 * Every scope a key may hold: `read` (GET on the External API), `write` (every other method;
 * includes read, since each write answers with what it wrote) and `account:write` (the owner's
 * email change, on top of write).
 */
export const API_KEY_SCOPES = ['read', 'write', 'account:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** What a key gets when its creator names neither read nor write (docs/external-api.md). */
export const BASE_SCOPES = ['read', 'write'] as const;

export type ApiKeyEvent =
  | DomainEvent<
      'ApiKeyCreated',
      { keyId: string; workspaceId: string; keyHash: string; prefix: string; role: ApiKeyRole; scopes: ApiKeyScope[] }
    >
  | DomainEvent<'ApiKeyRevoked', { keyId: string; workspaceId: string }>;

export interface ApiKeyState {
  exists: boolean;
  revoked: boolean;
  keyId: string | null;
  workspaceId: string | null;
}
export const initialApiKeyState: ApiKeyState = { exists: false, revoked: false, keyId: null, workspaceId: null };

export type ApiKeyCommand =
  | {
      type: 'CreateApiKey';
      keyId: string;
      workspaceId: string;
      keyHash: string;
      prefix: string;
      role: ApiKeyRole;
      scopes: ApiKeyScope[];
    }
  | { type: 'RevokeApiKey' };

export function parseRole(raw: unknown): ApiKeyRole {
  if (raw === undefined) return 'member';
  if (!API_KEY_ROLES.includes(raw as ApiKeyRole))
    throw new ValidationError(`role must be one of ${API_KEY_ROLES.join(', ')}`, 'role');
  return raw as ApiKeyRole;
}

const hasBaseScope = (scopes: readonly unknown[]) => BASE_SCOPES.some((b) => scopes.includes(b));

/**
 * The scopes to store for a new key: a key gets read and write unless its creator
 * limits it, so a list naming neither (none at all, or only account:write) adds both; a list
 * naming one of them (`--scopes read`) is taken as it is. Stored explicitly, so a key says what it may do.
 */
export function parseScopes(raw: unknown): ApiKeyScope[] {
  const given =
    raw === undefined || raw === ''
      ? []
      : Array.isArray(raw)
        ? raw
        : String(raw)
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
  const unknown = given.filter((s) => !API_KEY_SCOPES.includes(s as ApiKeyScope));
  if (unknown.length)
    throw new ValidationError(
      `unknown scopes: ${unknown.join(', ')}; valid scopes: ${API_KEY_SCOPES.join(', ')}`,
      'scopes',
    );
  const wanted = hasBaseScope(given) ? given : [...BASE_SCOPES, ...given];
  return API_KEY_SCOPES.filter((s) => wanted.includes(s));
}

/**
 * The scopes a stored key acts with. Keys stored before the base scopes were (no read, no write)
 * always had both; write includes read.
 */
export function effectiveScopes(stored: readonly string[]): string[] {
  const scopes = hasBaseScope(stored) ? [...stored] : [...BASE_SCOPES, ...stored];
  if (scopes.includes('write') && !scopes.includes('read')) scopes.push('read');
  return scopes;
}

export function decideApiKey(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  switch (command.type) {
    case 'CreateApiKey': {
      if (state.exists) throw new ConflictError('API key already exists');
      const { type: _t, ...data } = command;
      return [{ type: 'ApiKeyCreated', data }];
    }
    case 'RevokeApiKey':
      if (!state.exists) throw new NotFoundError('API key not found');
      return state.revoked
        ? []
        : [{ type: 'ApiKeyRevoked', data: { keyId: state.keyId!, workspaceId: state.workspaceId! } }];
  }
}

export function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return { exists: true, revoked: false, keyId: event.data.keyId, workspaceId: event.data.workspaceId };
    case 'ApiKeyRevoked':
      return { ...state, revoked: true };
    default:
      return state;
  }
}

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyState, ApiKeyEvent> = {
  decide: decideApiKey,
  evolve: evolveApiKey,
  initialState: initialApiKeyState,
};

export const apiKeyStream = (keyId: string): string => `apikey-${keyId}`;
