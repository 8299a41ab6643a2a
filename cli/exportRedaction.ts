/**
 * What `confab events export` never prints: the exact fields, per event type, that hold a
 * secret or recover one offline. Everything else prints as recorded, visitor and user content
 * included (a flow variable named `coupon_token` or `hashtag`, custom data, a BigCommerce
 * `storeHash`): the export reproduces what the API serves, so fields are never matched by name.
 *
 * - password hashes (scrypt) and API-key hashes: a hash lets an offline guesser test candidates;
 * - invite token hashes and email-change code hashes with their salts: a 6-digit code and its
 *   salted hash give the code back by brute force;
 * - webhook signing secrets: live and recoverable (deliveries are signed with them after any
 *   restart), so an export copied around would let anyone forge deliveries;
 * - model connection API keys, though only their ciphertext is recorded: with the key file (or
 *   MODEL_KEY_SECRET) of the same machine it gives the provider key back.
 *
 * The table is typed by the domain's event definitions: a renamed field fails the typecheck.
 */
import type { ApiKeyEvent } from '../domain/apiKey/apiKey.js';
import type { MemberEvent } from '../domain/member/workspaceMembers.js';
import type { ModelConnectionEvent } from '../domain/modelConnections/modelConnection.js';
import type { UserAccountEvent } from '../domain/user/userAccount.js';
import type { WebhookEvent } from '../domain/webhooks/webhook.js';

type SecretBearingEvent = UserAccountEvent | ApiKeyEvent | MemberEvent | WebhookEvent | ModelConnectionEvent;
type SecretFieldTable = { [E in SecretBearingEvent as E['type']]?: ReadonlyArray<keyof E['data'] & string> };

export const SECRET_FIELDS: SecretFieldTable = {
  UserRegistered: ['passwordHash'],
  PasswordChanged: ['passwordHash'],
  ApiKeyCreated: ['keyHash'],
  MemberInvited: ['tokenHash'],
  EmailChangeRequested: ['codeHash', 'salt'],
  EmailChangeIdentityVerified: ['codeHash', 'salt'],
  WebhookCreated: ['secret'],
  ModelConnectionCreated: ['apiKeyCiphertext'],
  ModelConnectionUpdated: ['apiKeyCiphertext'],
};

export const REDACTED = '[redacted]';

/** The event's data with its secret fields replaced by `[redacted]` (a null stays null: nothing is there to hide). */
export function redactSecrets(type: string, data: Record<string, unknown>): Record<string, unknown> {
  const fields = (SECRET_FIELDS as Record<string, readonly string[] | undefined>)[type];
  if (!fields) return data;
  const out = { ...data };
  for (const field of fields) if (out[field] !== undefined && out[field] !== null) out[field] = REDACTED;
  return out;
}
