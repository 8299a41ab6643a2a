/** Collects route specs and renders the OpenAPI 3.0 document served at /api/v1/openapi.json. */
import type { RouteSpec } from './routeSpec.js';
import type { JsonSchema } from './schemaValidator.js';

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, code: { type: 'string' } },
};

function toOpenApiPath(mount: string, path: string): string {
  return (mount + path).replace(/:([A-Za-z_]+)/g, '{$1}');
}

function parametersOf(spec: RouteSpec) {
  const out: unknown[] = [];
  for (const [location, schema] of [['path', spec.params], ['query', spec.query]] as const) {
    const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    const required = (schema?.required ?? []) as string[];
    for (const [name, s] of Object.entries(props)) {
      const { description, ...rest } = s as { description?: string };
      out.push({ name, in: location, required: location === 'path' || required.includes(name), schema: rest, ...(description ? { description } : {}) });
    }
  }
  return out;
}

function securityOf(spec: RouteSpec): unknown[] {
  if (spec.security === 'apiKey') return [{ ApiKeyAuth: [] }];
  if (spec.security === 'session') return [{ SessionCookie: [] }];
  return [];
}

export class OpenApiRegistry {
  private readonly routes: Array<{ mount: string; spec: RouteSpec }> = [];

  add(mount: string, spec: RouteSpec): void {
    this.routes.push({ mount, spec });
  }

  document(serverUrl: string): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const { mount, spec } of this.routes) {
      const p = toOpenApiPath(mount, spec.path);
      const responses: Record<string, unknown> = {};
      for (const [status, r] of Object.entries(spec.responses)) {
        responses[status] = { description: r.description, ...(r.schema ? { content: { [r.contentType ?? 'application/json']: { schema: r.schema } } } : {}) };
      }
      responses.default = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
      (paths[p] ??= {})[spec.method] = {
        summary: spec.summary,
        tags: spec.tags,
        operationId: `${spec.method}${p.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
        security: securityOf(spec),
        parameters: parametersOf(spec),
        ...(spec.body ? { requestBody: { required: true, content: { [spec.bodyContentType ?? 'application/json']: { schema: spec.body } } } } : {}),
        responses,
      };
    }
    return {
      openapi: '3.0.3',
      info: { title: 'Confab API', version: '1.0.0', description: 'Confab External API, visitor chat API and workspace endpoints.' },
      servers: [{ url: serverUrl }],
      components: {
        securitySchemes: {
          ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          SessionCookie: { type: 'apiKey', in: 'cookie', name: 'confab_session' },
        },
        schemas: { Error: ERROR_SCHEMA },
      },
      paths,
    };
  }
}
