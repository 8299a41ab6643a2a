/**
 * `pending_claims`: what a create has taken before its resource exists — a plan slot on the
 * workspace stream, a webhook URL or an account email reserved on a reservation stream. A claim
 * leaves this view when its resource appears or the claim is given back. What stays here long
 * after it was taken belongs to a create that failed or a process that died between the two
 * appends; the claim reconciler (dispatchers/claims/) gives those back.
 */
import type { RecordedEvent } from '../../infrastructure/eventStore/eventStore.js';
import { collection, type ReadStoreWriter } from '../../infrastructure/readStore/readStore.js';
import { reservationKindOfStream } from '../../domain/reservation.js';
import { workspaceIdOfStream } from '../../domain/workspace/workspace.js';
import { defineProjection } from '../projection.js';
import { USERS } from './usersView.js';
import { WEBHOOKS } from './webhooksView.js';

export const PENDING_CLAIMS = collection<PendingClaimDoc>('pending_claims');

export type ClaimKind = 'chatbotSlot' | 'webhookSlot' | 'webhookUrl' | 'email';

export interface PendingClaimDoc {
  id: string;
  kind: ClaimKind;
  /** The chatbot, webhook or user the claim was taken for. */
  resourceId: string;
  /** Set for slots: the workspace whose stream holds the slot. */
  workspaceId: string | null;
  /** Set for reservations: the reservation kind and key (what `Reservations.release` takes). */
  reservation: { kind: string; key: string } | null;
  takenAt: string;
  [key: string]: unknown;
}

const claimId = (kind: ClaimKind, resourceId: string) => `${kind}:${resourceId}`;

function upsertClaim(
  tx: ReadStoreWriter,
  e: RecordedEvent,
  kind: ClaimKind,
  resourceId: string,
  extra: Partial<PendingClaimDoc>,
): Promise<void> {
  return tx.upsert(PENDING_CLAIMS, {
    id: claimId(kind, resourceId),
    kind,
    resourceId,
    workspaceId: null,
    reservation: null,
    takenAt: e.metadata.occurredAt,
    ...extra,
  });
}

async function forget(tx: ReadStoreWriter, kind: ClaimKind, resourceId: string): Promise<void> {
  await tx.delete(PENDING_CLAIMS, claimId(kind, resourceId));
}

export const pendingClaimsView = defineProjection(
  'pendingClaims',
  [{ name: PENDING_CLAIMS.name, indexes: [['takenAt']] }],
  {
    ChatbotSlotTaken: (e, tx) =>
      upsertClaim(tx, e, 'chatbotSlot', e.data.chatbotId, { workspaceId: workspaceIdOfStream(e.streamId) }),
    ChatbotSlotReleased: (e, tx) => forget(tx, 'chatbotSlot', e.data.chatbotId),
    ChatbotCreated: (e, tx) => forget(tx, 'chatbotSlot', e.data.chatbotId),
    WebhookSlotTaken: (e, tx) =>
      upsertClaim(tx, e, 'webhookSlot', e.data.webhookId, { workspaceId: workspaceIdOfStream(e.streamId) }),
    WebhookSlotReleased: (e, tx) => forget(tx, 'webhookSlot', e.data.webhookId),
    async WebhookCreated(e, tx) {
      await forget(tx, 'webhookSlot', e.data.webhookId);
      await forget(tx, 'webhookUrl', e.data.webhookId);
    },
    UserRegistered: (e, tx) => forget(tx, 'email', e.data.userId),
    async NameReserved(e, tx) {
      const kind = reservationKindOfStream(e.streamId);
      const owner = e.data.owner;
      const reservation = { kind, key: e.data.key };
      // Only a create's first claim is pending: a URL change of a live webhook, or an email
      // change of a registered user, reserves for a resource that already exists.
      if (kind === 'webhookurl' && !(await tx.get(WEBHOOKS, owner)))
        await upsertClaim(tx, e, 'webhookUrl', owner, { reservation });
      if (kind === 'email' && !(await tx.get(USERS, owner))) await upsertClaim(tx, e, 'email', owner, { reservation });
    },
    async NameReleased(e, tx) {
      const kind = reservationKindOfStream(e.streamId);
      if (kind === 'webhookurl') await forget(tx, 'webhookUrl', e.data.owner);
      if (kind === 'email') await forget(tx, 'email', e.data.owner);
    },
  },
);
