/**
 * Who asks and why: turned into every event's metadata envelope (DESIGN.md, decision 3).
 */
import { randomUUID } from 'node:crypto';
import type { Actor, EventMetadata } from '../infrastructure/eventStore/eventStore.js';

export interface CommandContext {
  actor: Actor;
  workspaceId: string | null;
  correlationId: string;
  causationId?: string | null;
  requestId?: string | null;
  request?: { ip?: string; userAgent?: string };
}

export function systemContext(actorId = 'system', workspaceId: string | null = null): CommandContext {
  return { actor: { type: 'system', id: actorId }, workspaceId, correlationId: randomUUID() };
}

export function operatorContext(workspaceId: string | null = null): CommandContext {
  return { actor: { type: 'operator', id: 'cli' }, workspaceId, correlationId: randomUUID() };
}

export function metadataFor(ctx: CommandContext, now: Date): EventMetadata {
  return {
    workspaceId: ctx.workspaceId,
    actor: ctx.actor,
    correlationId: ctx.correlationId,
    causationId: ctx.causationId ?? null,
    requestId: ctx.requestId ?? null,
    occurredAt: now.toISOString(),
    ...(ctx.request ? { request: ctx.request } : {}),
  };
}
