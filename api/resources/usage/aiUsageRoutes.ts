/**
 * GET /usage/ai on both doors (docs/ai-agents.md, Budgets): the AI tokens the workspace's agents
 * used this UTC month (visitors' turns, the playground, evaluation runs) against its plan's budget. The External API's /usage object (API calls)
 * stays as it is; AI tokens are a budget of their own.
 */
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { aiTokenBudget } from '../../../projections/queries/aiTokenBudget.js';
import { principalOf } from '../../principal/principal.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { wrapped } from '../resourceSchemas.js';
import { namedSchema } from '../../http/namedSchema.js';

export interface AiUsageRoutesDeps {
  views: ReadStoreReader;
  clock: () => Date;
}

const TAGS: PerDoor<string[]> = { key: ['Usage'], session: ['Dashboard: usage'] };

export const aiUsageSchema = namedSchema('AiUsage', {
  type: 'object',
  required: ['month', 'tokensUsed', 'tokenLimit', 'remaining'],
  additionalProperties: false,
  properties: {
    month: { type: 'string', pattern: '^\\d{4}-\\d{2}$', description: 'The UTC calendar month, YYYY-MM' },
    tokensUsed: {
      type: 'integer',
      description:
        "Tokens in and out of every model call of the workspace's agents this month: visitors' turns, playground calls and evaluation runs' answer checks (embeddings are not counted)",
    },
    tokenLimit: {
      type: 'integer',
      nullable: true,
      description: "The plan's monthly AI tokens (0 on Free); null: unlimited",
    },
    remaining: {
      type: 'integer',
      nullable: true,
      description:
        'Tokens left this month, never below 0 (a turn that starts under the budget may end over it); null: unlimited',
    },
  },
});

export function aiUsageRoutes(door: ResourceDoor, { views, clock }: AiUsageRoutesDeps): void {
  door.add(
    {
      method: 'get',
      path: '/usage/ai',
      summary: "AI tokens used this month against the plan's budget",
      tags: TAGS[door.kind],
      responses: { 200: { description: "This month's AI token budget", schema: wrapped(aiUsageSchema) } },
    },
    async ({ res }) => {
      const { month, tokensUsed, tokenLimit } = await aiTokenBudget(views, principalOf(res).workspaceId, clock());
      const remaining = tokenLimit === null ? null : Math.max(0, tokenLimit - tokensUsed);
      return { body: { data: { month, tokensUsed, tokenLimit, remaining } } };
    },
  );
}
