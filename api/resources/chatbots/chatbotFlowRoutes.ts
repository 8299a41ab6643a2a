/**
 * A chatbot's flow on both doors (docs/flows.md, Versions): the draft the author edits, publishing
 * it (or an earlier version again) as a new version, the versions and how two of them differ.
 * New conversations start on the newest version; running ones finish on the one they started.
 */
import type { ChatbotCommands } from '../../../commands/chatbotCommands.js';
import { graphOf } from '../../../domain/chatbot/flowDocument.js';
import { diffFlows } from '../../../domain/flow/flowDiff.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { contextOf, principalOf } from '../../principal/principal.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, wrapped } from '../resourceSchemas.js';
import { flowVersion, flowVersions, publicationOf } from './chatbotFlowQueries.js';
import {
  diffQuery,
  diffSchema,
  flowBody,
  publicationSchema,
  publishBody,
  savedFlowSchema,
  signingSecretSchema,
  storedFlowSchema,
  versionListSchema,
  versionParams,
  versionSchema,
} from './chatbotFlowSchemas.js';
import { ownedChatbot } from './chatbotQueries.js';

export interface ChatbotFlowRoutesDeps {
  views: ReadStoreReader;
  chatbots: ChatbotCommands;
}

const TAGS: PerDoor<string[]> = { key: ['Chatbot flows'], session: ['Dashboard: chatbot flows'] };
const NO_SUCH_CHATBOT = { 404: { description: 'No such chatbot in this workspace' } };
const NO_SUCH_VERSION = { 404: { description: 'No such chatbot in this workspace, or no such version' } };

export function chatbotFlowRoutes(door: ResourceDoor, { views, chatbots }: ChatbotFlowRoutesDeps): void {
  const tags = TAGS[door.kind];
  const owned = (res: Parameters<typeof principalOf>[0], id: string) =>
    ownedChatbot(views, principalOf(res).workspaceId, id);

  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/flow',
      summary: "A chatbot's flow draft",
      tags,
      params: idParams,
      responses: { 200: { description: 'The draft', schema: wrapped(storedFlowSchema) }, ...NO_SUCH_CHATBOT },
    },
    async ({ params, res }) => ({ body: { data: (await owned(res, params.id)).flow } }),
  );

  door.add(
    {
      method: 'put',
      path: '/chatbots/:id/flow',
      summary: "Save a chatbot's flow draft (conversations run on published versions only)",
      tags,
      params: idParams,
      body: flowBody,
      responses: {
        200: { description: 'The draft as saved, with warnings (unreachable steps)', schema: savedFlowSchema },
        400: { description: 'INVALID_FLOW: the error names the step (stepId) and the field' },
        ...NO_SUCH_CHATBOT,
      },
    },
    async ({ params, body, res }) => {
      const { flow, warnings } = await chatbots.saveFlowDraft(params.id, body, contextOf(res));
      return { body: { data: flow, warnings } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/flow/signing-secret',
      summary: "The secret the chatbot's flow signs its http steps' calls with (verified as a webhook signature)",
      tags,
      params: idParams,
      responses: { 200: { description: 'The secret', schema: signingSecretSchema }, ...NO_SUCH_CHATBOT },
    },
    async ({ params, res }) => ({
      body: { data: { secret: await chatbots.flowSigningSecret(params.id, principalOf(res).workspaceId) } },
    }),
  );

  door.add(
    {
      method: 'post',
      path: '/chatbots/:id/flow/publish',
      summary: 'Publish the draft as a new version, or with `version` an earlier version again (a rollback)',
      tags,
      params: idParams,
      body: publishBody,
      responses: {
        201: { description: 'The version new conversations start on', schema: publicationSchema },
        400: {
          description:
            'AI_STEP_NEEDS_AGENT (with stepId): the flow has an ai step and the chatbot has no agent; or a bad body',
        },
        ...NO_SUCH_VERSION,
      },
    },
    async ({ params, body, res }) => {
      const published = await chatbots.publishFlow(params.id, body.version, contextOf(res));
      return { status: 201, body: { data: published } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/flow/versions',
      summary: "A chatbot's published flow versions, newest first",
      tags,
      params: idParams,
      responses: { 200: { description: 'Newest first', schema: versionListSchema }, ...NO_SUCH_CHATBOT },
    },
    async ({ params, res }) => {
      await owned(res, params.id);
      return { body: { data: (await flowVersions(views, params.id)).map(publicationOf) } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/flow/versions/:version',
      summary: 'One published flow version, with its flow',
      tags,
      params: versionParams,
      responses: { 200: { description: 'The version', schema: versionSchema }, ...NO_SUCH_VERSION },
    },
    async ({ params, res }) => {
      await owned(res, params.id);
      const doc = await flowVersion(views, params.id, params.version);
      return { body: { data: { ...publicationOf(doc), flow: doc.flow } } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/flow/versions/:version/diff',
      summary: 'The steps added, removed and changed in a flow version since another one',
      tags,
      params: versionParams,
      query: diffQuery,
      responses: { 200: { description: 'Step ids by change', schema: diffSchema }, ...NO_SUCH_VERSION },
    },
    async ({ params, query, res }) => {
      await owned(res, params.id);
      const [to, from] = await Promise.all([
        flowVersion(views, params.id, params.version),
        flowVersion(views, params.id, query.against),
      ]);
      const diff = diffFlows(graphOf(from.flow), graphOf(to.flow));
      return { body: { data: { version: to.version, against: from.version, ...diff } } };
    },
  );
}
