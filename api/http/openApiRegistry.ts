/** Collects route specs and renders the OpenAPI 3.0 document served at /api/v1/openapi.json. */
import type { RouteSpec } from './routeSpec.js';
import type { JsonSchema } from './schemaValidator.js';
import { OPERATION_IDS } from './operationIds.js';
import { namedSchema } from './namedSchema.js';
import { SchemaComponents } from './openApiSchemaComponents.js';
import {
  ERROR_DESCRIPTIONS,
  ERROR_SCHEMA,
  IDEMPOTENCY_KEY_PARAMETER,
  headerComponents,
  headerKey,
} from './openApiComponents.js';

const RATE_HEADERS = ['RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
const QUOTA_HEADERS = ['X-Quota-Limit', 'X-Quota-Remaining', 'X-Quota-Reset', 'X-Quota-Period'];

const ERROR_NAMES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'PayloadTooLarge',
  '415': 'UnsupportedMediaType',
  '422': 'IdempotencyKeyReused',
  '429': 'TooManyRequests',
  '5XX': 'ServerError',
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  Chatbots: "External API: the workspace's chatbots",
  'Chatbot flows': "External API: a chatbot's flow draft, its published versions and how they differ",
  Responses: 'External API: stored conversations of a chatbot',
  Analytics: 'External API: response counts of a chatbot',
  Webhooks: 'External API: webhook subscriptions (signed deliveries of conversation events)',
  Account: "External API: the workspace owner's profile and email change",
  Usage: 'External API: calls counted this month',
  'Visitor chat': 'The public chat API the widget uses (no key; CORS open)',
  Service: 'Health and this document',
};

function toOpenApiPath(mount: string, path: string): string {
  return (mount + path).replace(/:([A-Za-z_]+)/g, '{$1}');
}

/** `get /api/v1/external/v1/chatbots/{id}` → getApiV1ExternalV1ChatbotsId: the fallback when a spec names none. */
function derivedOperationId(method: string, path: string): string {
  return `${method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
}

/**
 * OpenAPI 3.0 reads `nullable: true` as "null is allowed too", but an `enum` still has to list
 * null for validators (and generated types) to accept it. Adds it wherever it is missing.
 */
export function withNullInEnums<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withNullInEnums) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = withNullInEnums(v);
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out as T;
}

function parametersOf(spec: RouteSpec) {
  const out: unknown[] = [];
  for (const [location, schema] of [
    ['path', spec.params],
    ['query', spec.query],
  ] as const) {
    const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    const required = (schema?.required ?? []) as string[];
    for (const [name, s] of Object.entries(props)) {
      const { description, ...rest } = s as { description?: string };
      out.push({
        name,
        in: location,
        required: location === 'path' || required.includes(name),
        schema: rest,
        ...(description ? { description } : {}),
      });
    }
  }
  if (spec.externalApi && spec.method === 'post') out.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return out;
}

/** The error statuses an operation can answer that follow from its spec alone. */
function impliedErrors(spec: RouteSpec): string[] {
  const statuses = new Set<string>();
  // The External API reads a JSON body on every POST, PUT and PATCH, declared or not (externalRouter.ts).
  const readsJson = spec.externalApi
    ? ['post', 'put', 'patch'].includes(spec.method)
    : spec.body && spec.bodyContentType !== 'multipart/form-data';
  if (spec.params || spec.query || spec.body || readsJson) statuses.add('400');
  if (spec.security === 'apiKey' || spec.security === 'session') statuses.add('401');
  if (spec.security === 'apiKey' || (spec.security === 'session' && spec.method !== 'get')) statuses.add('403');
  if (spec.params && !spec.paramsAnyText) statuses.add('404');
  if (readsJson) statuses.add('413').add('415');
  if (spec.externalApi) statuses.add('429');
  if (spec.externalApi && spec.method === 'post') statuses.add('409').add('422');
  statuses.add('5XX');
  return [...statuses];
}

const headerRef = (name: string, required: boolean) => ({ $ref: `#/components/headers/${headerKey(name, required)}` });

/** The headers an answer of this operation carries, each a reference to components.headers. */
function headersOf(spec: RouteSpec, status: string): Record<string, unknown> {
  const headers: Record<string, unknown> = { 'X-Request-Id': headerRef('X-Request-Id', true) };
  if (spec.externalApi) {
    // A missing or invalid key carries them too, as they stand for an unknown caller (anonymousLimitHeaders).
    for (const name of [...RATE_HEADERS, ...QUOTA_HEADERS]) headers[name] = headerRef(name, true);
    if (spec.method === 'post' && status !== '401')
      headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed', false);
  }
  if (status === '429') headers['Retry-After'] = headerRef('Retry-After', true);
  else if (status === '5XX' || (status === '409' && spec.externalApi))
    headers['Retry-After'] = headerRef('Retry-After', false);
  return headers;
}

const isError = (status: string) => status === '5XX' || Number(status) >= 400;

export class OpenApiRegistry {
  private readonly routes: Array<{ mount: string; spec: RouteSpec }> = [];

  add(mount: string, spec: RouteSpec): void {
    this.routes.push({ mount, spec });
  }

  /** The methods registered for each full Express path, e.g. `/api/v1/external/v1/chatbots/:id` → get, put, delete. */
  methodsByPath(): Map<string, Set<RouteSpec['method']>> {
    const byPath = new Map<string, Set<RouteSpec['method']>>();
    for (const { mount, spec } of this.routes) {
      const path = mount + spec.path;
      if (!byPath.has(path)) byPath.set(path, new Set());
      byPath.get(path)!.add(spec.method);
    }
    return byPath;
  }

  document(serverUrl: string): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    const sharedResponses: Record<string, unknown> = {};
    const tags = new Set<string>();
    const schemas = new SchemaComponents();
    schemas.hoist(namedSchema('Error', ERROR_SCHEMA));
    const documented = (schema: JsonSchema) => withNullInEnums(schemas.hoist(schema));
    for (const { mount, spec } of this.routes) {
      const p = toOpenApiPath(mount, spec.path);
      const responses: Record<string, unknown> = {};
      const declared = spec.responses as Record<
        string,
        { description: string; schema?: JsonSchema; contentType?: string | string[] }
      >;
      const statuses = [...new Set([...Object.keys(declared), ...impliedErrors(spec)])].sort();
      for (const status of statuses) {
        const own = declared[status];
        const headers = headersOf(spec, status);
        if (isError(status) && !own?.schema) {
          const description = own?.description ?? ERROR_DESCRIPTIONS[status] ?? 'Error';
          const answer = {
            description,
            headers,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          };
          if (own) {
            responses[status] = answer;
            continue;
          }
          // Same status, same headers: one shared component, named after both.
          const family = spec.externalApi ? (spec.method === 'post' ? 'ExternalApiPost' : 'ExternalApi') : '';
          const name = `${family}${ERROR_NAMES[status]}`;
          sharedResponses[name] ??= answer;
          responses[status] = { $ref: `#/components/responses/${name}` };
          continue;
        }
        const schema = own?.schema;
        const content = schema
          ? {
              content: Object.fromEntries(
                [own.contentType ?? 'application/json'].flat().map((type) => [type, { schema: documented(schema) }]),
              ),
            }
          : {};
        responses[status] = { description: own?.description ?? 'Answer', headers, ...content };
      }
      spec.tags.forEach((t) => tags.add(t));
      (paths[p] ??= {})[spec.method] = {
        summary: spec.summary,
        tags: spec.tags,
        operationId:
          spec.operationId ?? OPERATION_IDS[`${spec.method.toUpperCase()} ${p}`] ?? derivedOperationId(spec.method, p),
        security: securityOf(spec),
        parameters: parametersOf(spec),
        ...(spec.body
          ? {
              requestBody: {
                required: true,
                content: {
                  [spec.bodyContentType ?? 'application/json']: { schema: documented(spec.body) },
                  ...(spec.formBody ? { 'multipart/form-data': { schema: documented(spec.formBody) } } : {}),
                },
              },
            }
          : {}),
        responses,
        ...(spec.callbacks ? { callbacks: withNullInEnums(schemas.hoistCallbacks(spec.callbacks)) } : {}),
      };
    }
    return {
      openapi: '3.0.3',
      info: {
        title: 'Confab API',
        version: '1.0.0',
        description:
          'Confab External API, visitor chat API and workspace endpoints. Every error body is {error, code?}.',
      },
      servers: [{ url: serverUrl }],
      tags: [...tags].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
      components: {
        securitySchemes: {
          ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          SessionCookie: { type: 'apiKey', in: 'cookie', name: 'confab_session' },
        },
        schemas: withNullInEnums(schemas.sorted()),
        responses: sharedResponses,
        headers: usedOnly(
          headerComponents(),
          JSON.stringify(paths) + JSON.stringify(sharedResponses),
          '#/components/headers/',
        ),
        parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
      },
      paths,
    };
  }
}

/** Only the components something refers to (a linter flags the rest as unused). */
function usedOnly(components: Record<string, unknown>, text: string, prefix: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(components).filter(([key]) => text.includes(`"${prefix}${key}"`)));
}

function securityOf(spec: RouteSpec): unknown[] {
  if (spec.security === 'apiKey') return [{ ApiKeyAuth: [] }];
  if (spec.security === 'session') return [{ SessionCookie: [] }];
  return [];
}
