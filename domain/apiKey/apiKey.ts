/**
 * The API key aggregate (stream `apikey-<id>`). Only the SHA-256 of the key is ever stored:
 * keys are 256-bit random strings, so a fast hash is enough and lets us look a key up by it.
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';

export const API_KEY_ROLES = ['admin', 'member'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/** Scopes beyond plain External API read/write. */
export const API_KEY_SCOPES = ['account:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Implied by every key. */
export const BASE_SCOPES = ['read', 'write'] as const;

export type ApiKeyEvent =
  | DomainEvent<'ApiKeyCreated', { keyId: string; workspaceId: string; keyHash: string; prefix: string; role: ApiKeyRole; scopes: ApiKeyScope[] }>
  | DomainEvent<'ApiKeyRevoked', { keyId: string; workspaceId: string }>;

export interface ApiKeyState {
  exists: boolean;
  revoked: boolean;
  keyId: string | null;
  workspaceId: string | null;
}
export const initialApiKeyState: ApiKeyState = { exists: false, revoked: false, keyId: null, workspaceId: null };

export type ApiKeyCommand =
  | { type: 'CreateApiKey'; keyId: string; workspaceId: string; keyHash: string; prefix: string; role: ApiKeyRole; scopes: ApiKeyScope[] }
  | { type: 'RevokeApiKey' };

export function parseRole(raw: unknown): ApiKeyRole {
  if (raw === undefined) return 'member';
  if (!API_KEY_ROLES.includes(raw as ApiKeyRole)) throw new ValidationError(`role must be one of ${API_KEY_ROLES.join(', ')}`, 'role');
  return raw as ApiKeyRole;
}

export function parseScopes(raw: unknown): ApiKeyScope[] {
  if (raw === undefined || raw === '') return [];
  const given = Array.isArray(raw) ? raw : String(raw).split(',').map((s) => s.trim()).filter(Boolean);
  // read and write of the External API are what every key has (CONTRACT.md §3): naming them is accepted, not stored.
  const list = given.filter((s) => !(BASE_SCOPES as readonly unknown[]).includes(s));
  const unknown = list.filter((s) => !API_KEY_SCOPES.includes(s as ApiKeyScope));
  if (unknown.length) throw new ValidationError(`unknown scopes: ${unknown.join(', ')}; valid scopes: ${[...BASE_SCOPES, ...API_KEY_SCOPES].join(', ')}`, 'scopes');
  return [...new Set(list)] as ApiKeyScope[];
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
      return state.revoked ? [] : [{ type: 'ApiKeyRevoked', data: { keyId: state.keyId!, workspaceId: state.workspaceId! } }];
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

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyState, ApiKeyEvent> = { decide: decideApiKey, evolve: evolveApiKey, initialState: initialApiKeyState };
