/** Usage endpoint (docs/external-api.md, Usage). */
import type { Router } from 'express';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { addApiKeyRoute } from './apiKeyRoute.js';
import { principalOf } from '../principal/principal.js';
import { quotaReadingOf } from './quotaReading.js';
import { workspaceLimits } from './rateLimitAndQuota.js';
import { wrapped } from '../resources/resourceSchemas.js';
import { namedSchema } from '../http/namedSchema.js';
import { usageReport } from '../resources/usage/usageReport.js';

export function usageRoutes(router: Router, registry: OpenApiRegistry, mount: string): void {
  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/usage',
      summary: 'API usage this month',
      tags: ['Usage'],
      responses: {
        200: {
          description:
            'Calls counted this month (2xx and 5xx answers). Enterprise workspaces without a set limit show limit and remaining as null.',
          schema: wrapped(
            namedSchema('Usage', {
              type: 'object',
              required: ['month', 'plan', 'used', 'limit', 'remaining'],
              properties: {
                month: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
                plan: { type: 'string' },
                used: { type: 'integer' },
                limit: { type: 'integer', nullable: true },
                remaining: { type: 'integer', nullable: true },
              },
            }),
          ),
        },
      },
    },
    async ({ res }) => {
      const caller = principalOf(res);
      // Usage as it stood when this request arrived: the call asking is not yet included.
      const { month, used } = quotaReadingOf(res);
      const limit = workspaceLimits(res).monthlyCalls;
      return { body: { data: usageReport(month, caller.plan, used, limit) } };
    },
  );
}
