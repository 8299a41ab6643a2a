/**
 * The knowledge source endpoints of both doors (docs/knowledge.md): add (pasted text, a web page
 * or sitemap as JSON; a file as multipart/form-data), list, read, delete and reindex. Adding and
 * reindexing answer 202: the indexing runs in the background, and the source's `status` tells
 * how far it got. Writes need the write scope (key door) or any member (dashboard).
 */
import type { KnowledgeSourceCommands } from '../../../commands/knowledgeSourceCommands.js';
import { NotFoundError } from '../../../domain/errors.js';
import { MAX_SOURCE_FILE_BYTES } from '../../../domain/knowledge/knowledgeSourceFields.js';
import type { KnowledgeLimits } from '../../../domain/plans.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { KNOWLEDGE_SOURCES, type KnowledgeSourceDoc } from '../../../projections/views/knowledgeSourcesView.js';
import { contextOf, principalOf } from '../../principal/principal.js';
import { receiveFile } from '../../workspace/multipartUpload.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, messageSchema, wrapped } from '../resourceSchemas.js';
import { createdKnowledgeSourceDoc, presentKnowledgeSource } from './knowledgeSourcePresenter.js';
import {
  createKnowledgeSourceBody,
  knowledgeSourceListSchema,
  knowledgeSourceSchema,
  knowledgeUploadForm,
} from './knowledgeSourceSchemas.js';

export interface KnowledgeSourceRoutesDeps {
  views: ReadStoreReader;
  knowledge: KnowledgeSourceCommands;
  knowledgeLimitsOf(workspaceId: string): Promise<KnowledgeLimits>;
}

const TAGS: PerDoor<string[]> = { key: ['Knowledge sources'], session: ['Dashboard: knowledge sources'] };

async function ownedSource(views: ReadStoreReader, workspaceId: string, id: string): Promise<KnowledgeSourceDoc> {
  const doc = await views.get(KNOWLEDGE_SOURCES, id);
  if (!doc || doc.workspaceId !== workspaceId) throw new NotFoundError('Knowledge source not found');
  return doc;
}

export function knowledgeSourceRoutes(
  door: ResourceDoor,
  { views, knowledge, knowledgeLimitsOf }: KnowledgeSourceRoutesDeps,
): void {
  const tags = TAGS[door.kind];

  door.add(
    {
      method: 'get',
      path: '/knowledge/sources',
      tags,
      summary: "List the workspace's knowledge sources with their status and counts, and the plan's limits",
      responses: { 200: { description: 'Sources, oldest first', schema: knowledgeSourceListSchema } },
    },
    async ({ res }) => {
      const { workspaceId } = principalOf(res);
      const docs = await views.find(KNOWLEDGE_SOURCES, { workspaceId }, { sort: [['createdAt', 1]] });
      return { body: { data: docs.map(presentKnowledgeSource), limits: await knowledgeLimitsOf(workspaceId) } };
    },
  );

  door.add(
    {
      method: 'post',
      path: '/knowledge/sources',
      tags,
      body: createKnowledgeSourceBody,
      formBody: knowledgeUploadForm,
      summary:
        'Add a knowledge source: pasted text or a web page (JSON), or a file (multipart/form-data: Markdown, text, HTML, PDF, DOCX); indexed in the background',
      responses: {
        202: { description: 'Added and queued for indexing', schema: wrapped(knowledgeSourceSchema) },
        403: { description: "The plan's number of sources or total size is reached (PLAN_LIMIT)" },
        413: { description: `The file is larger than ${MAX_SOURCE_FILE_BYTES / 1024 / 1024} MB` },
        415: {
          description: 'The file is not Markdown, text, HTML, PDF or DOCX, or the body is neither JSON nor a form',
        },
      },
    },
    async ({ req, body, res }) => {
      const ctx = contextOf(res);
      const multipart = /^multipart\/form-data\b/i.test(req.get('content-type') ?? '');
      const created = await door.create(res, 'knowledgeSource', (opts) =>
        multipart
          ? receiveFile(req, MAX_SOURCE_FILE_BYTES, (part) => knowledge.upload(part, ctx, opts))
          : knowledge.create(body, ctx, opts),
      );
      const viewed = created.at === null ? await views.get(KNOWLEDGE_SOURCES, created.sourceId) : null;
      const doc = createdKnowledgeSourceDoc(created, viewed, new Date().toISOString());
      return { status: 202, body: { data: presentKnowledgeSource(doc) } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/knowledge/sources/:id',
      tags,
      params: idParams,
      summary: 'One knowledge source: its status (with the reason when it failed) and counts',
      responses: { 200: { description: 'The source', schema: wrapped(knowledgeSourceSchema) } },
    },
    async ({ params, res }) => ({
      body: { data: presentKnowledgeSource(await ownedSource(views, principalOf(res).workspaceId, params.id)) },
    }),
  );

  door.add(
    {
      method: 'delete',
      path: '/knowledge/sources/:id',
      tags,
      params: idParams,
      summary: 'Delete a knowledge source with its stored content and indexed passages',
      responses: { 200: { description: 'Deleted', schema: messageSchema } },
    },
    async ({ params, res }) => {
      await knowledge.delete(params.id, contextOf(res));
      return { body: { message: 'Knowledge source deleted' } };
    },
  );

  door.add(
    {
      method: 'post',
      path: '/knowledge/sources/:id/reindex',
      tags,
      params: idParams,
      summary:
        'Index the source again (a URL source is fetched again); its passages stay searchable until the new index replaces them',
      responses: { 202: { description: 'Queued for indexing', schema: wrapped(knowledgeSourceSchema) } },
    },
    async ({ params, res }) => {
      const ctx = contextOf(res);
      const state = await knowledge.reindex(params.id, ctx);
      const doc = await ownedSource(views, ctx.workspaceId, params.id);
      // The view may not show the new request yet: the command's state is the truth of the status.
      const status = state.status === 'queued' ? 'queued' : doc.status;
      return {
        status: 202,
        body: { data: presentKnowledgeSource({ ...doc, status, error: status === 'queued' ? null : doc.error }) },
      };
    },
  );
}
