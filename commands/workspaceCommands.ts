/**
 * Operator commands: create a workspace with its owner and first admin key, change its plan,
 * create and revoke API keys.
 */
import { ValidationError } from '../domain/errors.js';
import { type LimitName, type PlanName, parseCustomLimits, parsePlan } from '../domain/plans.js';
import { workspaceStream, workspaceDecider } from '../domain/workspace/workspace.js';
import {
  apiKeyStream,
  apiKeyDecider,
  parseRole,
  parseScopes,
  API_KEY_SCOPES,
  type ApiKeyRole,
  type ApiKeyScope,
} from '../domain/apiKey/apiKey.js';
import { userDecider } from '../domain/user/userAccount.js';
import { validateAccountName, validateEmailAddress } from '../domain/account/profileRules.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import type { Reservations } from './reservations.js';
import { generateApiKey } from './apiKeySecret.js';
import { hashPassword } from './passwordHash.js';
import { validatePassword } from './signInCommands.js';
import { newId } from './ids.js';
import { userStream } from '../domain/user/user.js';

export interface CreateWorkspaceInput {
  name: unknown;
  plan: unknown;
  ownerEmail: unknown;
  ownerPassword?: unknown;
  /** Instead of ownerPassword: a password already hashed (signup keeps only the hash until confirmed). */
  ownerPasswordHash?: string;
  /** The owner's name; the workspace's name when absent. */
  ownerName?: string;
  /** Custom limits, enterprise only (domain/plans.ts parseCustomLimits): numbers or digit strings as typed. */
  limits?: Partial<Record<LimitName, unknown>>;
}

export interface WorkspaceCommandsDeps {
  aggregates: AggregateStore;
  reservations: Reservations;
}

export class WorkspaceCommands {
  constructor(private readonly deps: WorkspaceCommandsDeps) {}

  async createWorkspace(input: CreateWorkspaceInput, ctx: CommandContext) {
    // Every check before the first append: a refusal must not leave an owner without a workspace.
    const name = validateAccountName(input.name, 'name');
    const ownerName = input.ownerName?.trim() ? validateAccountName(input.ownerName, 'ownerName') : name;
    const plan = parsePlan(input.plan);
    const limits = parseCustomLimits(plan, input.limits);
    const email = validateEmailAddress(input.ownerEmail, 'owner-email');
    // The sign-in rule (8 to 200 characters): a longer password could be set but never used.
    const ownerPassword =
      input.ownerPassword === undefined ? undefined : validatePassword(input.ownerPassword, 'owner-password');
    const workspaceId = newId();
    const ownerId = newId();
    const wctx = { ...ctx, workspaceId };
    await this.deps.reservations.reserve(
      'email',
      email,
      ownerId,
      wctx,
      `An account with email ${email} already exists`,
    );
    const passwordHash =
      input.ownerPasswordHash ?? (ownerPassword !== undefined ? await hashPassword(ownerPassword) : null);
    await this.deps.aggregates.handle(
      userStream(ownerId),
      userDecider,
      { type: 'RegisterUser', userId: ownerId, workspaceId, email, name: ownerName, passwordHash, timezone: 'UTC' },
      wctx,
    );
    await this.deps.aggregates.handle(
      workspaceStream(workspaceId),
      workspaceDecider,
      { type: 'CreateWorkspace', workspaceId, name, plan, ownerId, ...(limits ? { limits } : {}) },
      wctx,
    );
    const key = await this.createApiKey({ workspaceId, role: 'admin', scopes: [...API_KEY_SCOPES] }, wctx);
    return { workspaceId, ownerId, apiKey: key.apiKey };
  }

  async setPlan(
    workspaceId: string,
    rawPlan: unknown,
    ctx: CommandContext,
    rawLimits?: Partial<Record<LimitName, unknown>>,
  ) {
    const plan: PlanName = parsePlan(rawPlan);
    // The decider checks the limits (one append: nothing to protect by checking first).
    await this.deps.aggregates.handle(
      workspaceStream(workspaceId),
      workspaceDecider,
      { type: 'ChangePlan', plan, ...(rawLimits ? { limits: rawLimits } : {}) },
      { ...ctx, workspaceId },
    );
    return { workspaceId, plan };
  }

  /** Gives a plan slot back (idempotent: a slot not held is a no-op). */
  async releaseSlot(
    workspaceId: string,
    slot: { chatbotId: string } | { webhookId: string },
    ctx: CommandContext,
  ): Promise<void> {
    const command =
      'chatbotId' in slot
        ? { type: 'ReleaseChatbotSlot' as const, chatbotId: slot.chatbotId }
        : { type: 'ReleaseWebhookSlot' as const, webhookId: slot.webhookId };
    await this.deps.aggregates.handle(workspaceStream(workspaceId), workspaceDecider, command, { ...ctx, workspaceId });
  }

  async createApiKey(input: { workspaceId: string; role?: unknown; scopes?: unknown }, ctx: CommandContext) {
    const role: ApiKeyRole = parseRole(input.role);
    const scopes: ApiKeyScope[] = parseScopes(input.scopes);
    const { state } = await this.deps.aggregates.load(workspaceStream(input.workspaceId), workspaceDecider);
    if (!state.exists) throw new ValidationError(`workspace ${input.workspaceId} does not exist`, 'workspace');
    const keyId = newId();
    const secret = generateApiKey();
    await this.deps.aggregates.handle(
      apiKeyStream(keyId),
      apiKeyDecider,
      {
        type: 'CreateApiKey',
        keyId,
        workspaceId: input.workspaceId,
        keyHash: secret.hash,
        prefix: secret.prefix,
        role,
        scopes,
      },
      { ...ctx, workspaceId: input.workspaceId },
    );
    return { id: keyId, apiKey: secret.key };
  }

  async revokeApiKey(keyId: string, ctx: CommandContext) {
    const { state } = await this.deps.aggregates.load(apiKeyStream(keyId), apiKeyDecider);
    const keyCtx = { ...ctx, workspaceId: state.workspaceId ?? ctx.workspaceId };
    await this.deps.aggregates.handle(apiKeyStream(keyId), apiKeyDecider, { type: 'RevokeApiKey' }, keyCtx);
    return { id: keyId, revoked: true };
  }
}
