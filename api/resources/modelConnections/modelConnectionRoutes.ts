/**
 * The model connection endpoints of both doors (docs/ai-agents.md, Model connections): list,
 * create, read, update, delete and test. The API key is write-only: no answer carries it, nor
 * its ciphertext. On the dashboard every route needs the admin role: a connection spends the
 * workspace's money at the provider, and its base URL may name an internal host. On the External
 * API the key's scopes decide, as for every operation there (API keys are an admin's to give).
 */
import type { ModelConnectionCommands } from '../../../commands/modelConnectionCommands.js';
import { MAX_MODEL_CONNECTIONS } from '../../../domain/modelConnections/modelConnectionFields.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import type { RouteHandler } from '../../http/route.js';
import { contextOf, principalOf } from '../../principal/principal.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, messageSchema, wrapped } from '../resourceSchemas.js';
import { presentModelConnection, presentPlatformModel } from './modelConnectionPresenter.js';
import {
  createdModelConnectionDoc,
  ownedModelConnection,
  workspaceModelConnections,
} from './modelConnectionQueries.js';
import {
  connectionTestSchema,
  createModelConnectionBody,
  modelConnectionListSchema,
  modelConnectionSchema,
  updateModelConnectionBody,
} from './modelConnectionSchemas.js';

export interface ModelConnectionRoutesDeps {
  views: ReadStoreReader;
  modelConnections: ModelConnectionCommands;
  /** The operator's default connection (OPENAI_*), listed read-only; absent when none is set. */
  platformModel?: { baseUrl: string; chatModel: string };
}

const TAGS: PerDoor<string[]> = { key: ['Model connections'], session: ['Dashboard: model connections'] };
const SAME_NAME = { 409: { description: 'Another model connection of the workspace has this name' } };

export function modelConnectionRoutes(
  door: ResourceDoor,
  { views, modelConnections: commands, platformModel }: ModelConnectionRoutesDeps,
): void {
  const tags = TAGS[door.kind];
  /**
   * A route behind this door. On the dashboard, for admins only; on the External API, as every
   * operation there, for any key of the workspace whose scopes allow it.
   */
  const add = (spec: Parameters<ResourceDoor['add']>[0], handler: RouteHandler) => {
    if (door.kind === 'key') return door.add(spec, handler);
    const notAdmin = 'Not an admin (INSUFFICIENT_ROLE)';
    const forbidden = spec.responses[403]
      ? `${spec.responses[403].description}, or ${notAdmin.toLowerCase()}`
      : notAdmin;
    door.add({ ...spec, responses: { ...spec.responses, 403: { description: forbidden } } }, handler, {
      admin: true,
    });
  };

  add(
    {
      method: 'get',
      path: '/model-connections',
      tags,
      summary: "List the workspace's model connections (never their keys) and the platform default",
      responses: { 200: { description: 'Connections, oldest first', schema: modelConnectionListSchema } },
    },
    async ({ res }) => {
      const docs = await workspaceModelConnections(views, principalOf(res).workspaceId);
      return {
        body: {
          data: docs.map(presentModelConnection),
          platform: presentPlatformModel(platformModel),
          limit: MAX_MODEL_CONNECTIONS,
        },
      };
    },
  );

  add(
    {
      method: 'post',
      path: '/model-connections',
      tags,
      body: createModelConnectionBody,
      summary: `Add a model connection to an OpenAI-compatible provider (at most ${MAX_MODEL_CONNECTIONS} per workspace)`,
      responses: {
        201: {
          description: 'Created (the key is stored encrypted and never answered)',
          schema: wrapped(modelConnectionSchema),
        },
        403: { description: `The workspace holds ${MAX_MODEL_CONNECTIONS} connections already (PLAN_LIMIT)` },
        ...SAME_NAME,
      },
    },
    async ({ body, res }) => {
      const ctx = contextOf(res);
      const created = await door.create(res, 'modelConnection', (opts) => commands.create(body, ctx, opts));
      const doc = await createdModelConnectionDoc(views, ctx.workspaceId, created);
      return { status: 201, body: { data: presentModelConnection(doc) } };
    },
  );

  add(
    {
      method: 'get',
      path: '/model-connections/:id',
      tags,
      params: idParams,
      summary: 'One model connection (never its key)',
      responses: { 200: { description: 'The connection', schema: wrapped(modelConnectionSchema) } },
    },
    async ({ params, res }) => ({
      body: {
        data: presentModelConnection(await ownedModelConnection(views, principalOf(res).workspaceId, params.id)),
      },
    }),
  );

  add(
    {
      method: 'patch',
      path: '/model-connections/:id',
      tags,
      params: idParams,
      body: updateModelConnectionBody,
      summary: 'Update a model connection: only the given fields change; apiKey replaces the stored key',
      responses: { 200: { description: 'Updated', schema: wrapped(modelConnectionSchema) }, ...SAME_NAME },
    },
    async ({ params, body, res }) => {
      const ctx = contextOf(res);
      await commands.update(params.id, body, ctx);
      return { body: { data: presentModelConnection(await ownedModelConnection(views, ctx.workspaceId, params.id)) } };
    },
  );

  add(
    {
      method: 'delete',
      path: '/model-connections/:id',
      tags,
      params: idParams,
      summary: 'Delete a model connection and its stored key',
      responses: { 200: { description: 'Deleted', schema: messageSchema } },
    },
    async ({ params, res }) => {
      await commands.delete(params.id, contextOf(res));
      return { body: { message: 'Model connection deleted' } };
    },
  );

  add(
    {
      method: 'post',
      path: '/model-connections/:id/test',
      tags,
      params: idParams,
      summary:
        'Ask the provider whether the key works and it knows the model(s); answers what it said in plain words (no tokens are spent)',
      responses: {
        200: { description: 'The outcome (ok false is still a 200)', schema: wrapped(connectionTestSchema) },
      },
    },
    async ({ params, res }) => ({ body: { data: await commands.test(params.id, contextOf(res)) } }),
  );
}
