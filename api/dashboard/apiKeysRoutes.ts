/**
 * The dashboard's API keys tab (keys are generated in the workspace
 * settings, docs/external-api.md): list, create with a role and scopes (the key is answered once, only its hash is
 * kept), revoke. Admins only. Keys are created and revoked by the operator's commands
 * (WorkspaceCommands), so the rules of role and scopes are the CLI's. "Last used" comes from
 * the in-memory-coalesced recorder (infrastructure/usage/apiKeyLastUsed.ts): accurate to about
 * a minute across instances, exact for calls this instance served.
 */
import type { Router } from 'express';
import { NotFoundError } from '../../domain/errors.js';
import { API_KEY_ROLES, API_KEY_SCOPES, effectiveScopes } from '../../domain/apiKey/apiKey.js';
import { API_KEYS, type ApiKeyDoc } from '../../projections/views/apiKeysView.js';
import { idParams, wrapped } from '../resources/resourceSchemas.js';
import { contextOf, principalOf } from '../principal/principal.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { JsonSchema } from '../http/schemaValidator.js';
import type { DashboardApiDeps } from './dashboardApiDeps.js';
import { addSessionRoute } from './sessionRoute.js';

const tags = ['Dashboard: API keys'];

const apiKeySchema: JsonSchema = {
  type: 'object',
  required: ['id', 'prefix', 'role', 'scopes', 'createdAt', 'lastUsedAt', 'revoked', 'revokedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    prefix: { type: 'string', description: 'The first characters of the key, to tell keys apart' },
    role: { type: 'string', enum: [...API_KEY_ROLES] },
    scopes: {
      type: 'array',
      items: { type: 'string', enum: [...API_KEY_SCOPES] },
      description: 'What the key may do (write includes read)',
    },
    createdAt: { type: 'string', format: 'date-time' },
    lastUsedAt: {
      type: 'string',
      format: 'date-time',
      nullable: true,
      description: 'Last authenticated call, to about a minute',
    },
    revoked: { type: 'boolean' },
    revokedAt: { type: 'string', format: 'date-time', nullable: true },
  },
};

const createKeyBody: JsonSchema = {
  type: 'object',
  required: ['role'],
  additionalProperties: false,
  properties: {
    role: { type: 'string', enum: [...API_KEY_ROLES] },
    scopes: {
      type: 'array',
      maxItems: API_KEY_SCOPES.length,
      uniqueItems: true,
      items: { type: 'string', enum: [...API_KEY_SCOPES] },
      description: 'read, write, account:write; a list naming neither read nor write gets both',
    },
  },
};

const present = (doc: ApiKeyDoc, lastUsedAt: string | null) => ({
  id: doc.id,
  prefix: doc.prefix,
  role: doc.role,
  scopes: effectiveScopes(doc.scopes).filter((s) => (API_KEY_SCOPES as readonly string[]).includes(s)),
  createdAt: doc.createdAt,
  lastUsedAt,
  revoked: doc.revoked,
  revokedAt: (doc.revokedAt as string | undefined) ?? null,
});

export function apiKeysRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: DashboardApiDeps): void {
  const { views, workspaces, keyLastUsed } = deps;
  const admin = { admin: true };

  async function ownedKey(workspaceId: string, id: string): Promise<ApiKeyDoc> {
    const doc = await views.get(API_KEYS, id);
    if (!doc || doc.workspaceId !== workspaceId) throw new NotFoundError('API key not found');
    return doc;
  }
  const presentAll = async (docs: ApiKeyDoc[]) => {
    const used = await keyLastUsed.lastUsed(docs.map((d) => d.id));
    return docs.map((d) => present(d, used.get(d.id) ?? null));
  };

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/api-keys',
      summary: "The workspace's API keys, newest first (never the keys themselves)",
      tags,
      responses: { 200: { description: 'Keys', schema: wrapped({ type: 'array', items: apiKeySchema }) } },
    },
    async ({ res }) => {
      const docs = await views.find(
        API_KEYS,
        { workspaceId: principalOf(res).workspaceId },
        { sort: [['createdAt', -1]] },
      );
      return { body: { data: await presentAll(docs) } };
    },
    admin,
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/api-keys',
      summary: 'Create an API key with a role and scopes; the key is answered only here',
      tags,
      body: createKeyBody,
      responses: {
        201: {
          description: 'Created',
          schema: {
            type: 'object',
            required: ['data', 'apiKey', 'message'],
            properties: {
              data: apiKeySchema,
              apiKey: { type: 'string', description: 'The key; shown once' },
              message: { type: 'string' },
            },
          },
        },
      },
    },
    async ({ body, res }) => {
      const ctx = contextOf(res);
      const { id, apiKey } = await workspaces.createApiKey(
        { workspaceId: ctx.workspaceId, role: body.role, scopes: body.scopes },
        ctx,
      );
      const [data] = await presentAll([await ownedKey(ctx.workspaceId, id)]);
      return {
        status: 201,
        body: { data, apiKey, message: 'API key created. Copy it now: it will not be shown again.' },
      };
    },
    admin,
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'delete',
      path: '/api-keys/:id',
      summary: 'Revoke an API key (it answers 401 from then on)',
      tags,
      params: idParams,
      responses: { 200: { description: 'Revoked', schema: wrapped(apiKeySchema) } },
    },
    async ({ params, res }) => {
      const ctx = contextOf(res);
      await ownedKey(ctx.workspaceId, params.id);
      await workspaces.revokeApiKey(params.id, ctx);
      const [data] = await presentAll([await ownedKey(ctx.workspaceId, params.id)]);
      return { body: { data } };
    },
    admin,
  );
}
