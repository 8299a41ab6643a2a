/**
 * The one schema every configuration variable is checked against at start (docs/configuration.md).
 * Each variable has its JSON Schema and the rule in words; a value that breaks the schema stops
 * the start with `<VARIABLE> must <rule>`, so the operator sees which variable to fix and how.
 * Values arrive as text: empty counts as unset, blanks around a value are ignored, and a variable
 * whose schema is an integer is read as one when it is all digits (anything else fails its type).
 */
import { Ajv, type ErrorObject } from 'ajv';
import { isIP } from 'node:net';
import { parseTokenKey } from './secrets/tokenCipher.js';

type JsonSchema = Record<string, unknown>;

export interface Variable {
  schema: JsonSchema;
  /** What the value must be, after "<NAME> must ". */
  rule: string;
  /** Never echoed in the message: it may be or carry a password. */
  secret?: boolean;
  /** URL schemes the variable takes (the message names the one given instead). */
  schemes?: string[];
}

/** winston's levels, most to least severe (infrastructure/logger.ts). */
export const LOG_LEVELS = ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'] as const;

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DOMAIN_NAME = `${LABEL}(?:\\.${LABEL})*`;

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER): Variable => ({
  schema: { type: 'integer', minimum: min, maximum: max },
  rule:
    max === Number.MAX_SAFE_INTEGER
      ? min === 0
        ? 'be a non-negative whole number'
        : `be a whole number of at least ${min}`
      : `be a whole number from ${min} to ${max}`,
});

const urlOf = (schemes: string[], example: string): Variable => ({
  schema: {
    type: 'string',
    format: 'url',
    pattern: `^(?:${schemes.map((s) => s.replace(/[+.]/g, '\\$&')).join('|')})://`,
  },
  rule: `be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')} (e.g. ${example})`,
  secret: true,
  schemes,
});

const text = (rule: string, schema: JsonSchema = {}, secret = false): Variable => ({
  schema: { type: 'string', ...schema },
  rule,
  secret,
});

/** Exact hosts exempt from the private-address rule (WEBHOOK_ALLOW_HOSTS, LLM_ALLOW_HOSTS). */
const hostList: Variable = text('be a comma list of host names or IP addresses', {
  pattern: '^[A-Za-z0-9.:\\[\\]_-]+(?:\\s*,\\s*[A-Za-z0-9.:\\[\\]_-]*)*$',
});

/** A pattern that matches `word` in any mix of cases (JSON Schema patterns take no flags). */
const anyCase = (word: string): string =>
  [...word].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');

const formats: Record<string, (value: string) => boolean> = {
  url: (value) => URL.canParse(value),
  /** BigCommerce only calls and frames https apps; plain http only on this machine, for development. */
  'storefront-url': (value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    const local = LOCAL_HOSTS.includes(url.hostname) || url.hostname.endsWith('.localhost');
    return url.protocol === 'https:' || (local && url.protocol === 'http:');
  },
  'listen-host': (value) => isIP(value) !== 0 || new RegExp(`^${DOMAIN_NAME}$`).test(value),
  'trust-proxy': (value) =>
    ['true', 'false'].includes(value) ||
    /^\d+$/.test(value) ||
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .every((s) => PROXY_RANGE_NAMES.includes(s) || isIP(s.replace(/\/\d{1,3}$/, '')) !== 0),
  'token-key': (value) => {
    try {
      parseTokenKey(value);
      return true;
    } catch {
      return false;
    }
  },
};

export const CONFIG_VARIABLES: Record<string, Variable> = {
  PORT: wholeNumber(0, 65_535),
  HOST: text('be an IP address or a host name to listen on (e.g. 0.0.0.0)', { format: 'listen-host' }),
  DATA_DIR: text('be a folder path'),
  DATABASE_URL: urlOf(['postgres', 'postgresql'], 'postgres://user:password@db.example:5432/confab'),
  EVENTSTORE_URL: urlOf(
    ['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kurrent', 'kurrent+discover'],
    'esdb://localhost:2113?tls=false',
  ),
  MONGODB_URL: urlOf(['mongodb', 'mongodb+srv'], 'mongodb://localhost:27017/confab'),
  REDIS_URL: urlOf(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
  SMTP_URL: urlOf(['smtp', 'smtps'], 'smtps://user:password@mail.example:465'),
  MAIL_FROM: text('be a mail address, optionally with a name (e.g. Confab <no-reply@example.com>), on one line', {
    pattern: '^[^\\r\\n]*@[^\\r\\n]*$',
  }),
  PUBLIC_URL: { ...urlOf(['http', 'https'], 'https://confab.example'), secret: false },
  WORKSPACE_DOMAIN: text('be a bare domain name such as example.com or localhost (no scheme, port or path)', {
    pattern: `^${DOMAIN_NAME}$`,
    maxLength: 253,
  }),
  APP_URL: text(
    'use https (BigCommerce only calls and frames https apps); http is accepted only for localhost, 127.0.0.1, [::1] and *.localhost',
    { format: 'storefront-url' },
  ),
  BIGCOMMERCE_CLIENT_ID: text('be the client id from the BigCommerce Developer Portal', {}, true),
  BIGCOMMERCE_CLIENT_SECRET: text('be the client secret from the BigCommerce Developer Portal', {}, true),
  BIGCOMMERCE_LOGIN_URL: { ...urlOf(['http', 'https'], 'https://login.bigcommerce.com'), secret: false },
  BIGCOMMERCE_API_URL: { ...urlOf(['http', 'https'], 'https://api.bigcommerce.com'), secret: false },
  WEBHOOK_TIMEOUT_MS: wholeNumber(1),
  WEBHOOK_RETRY_DELAYS_MS: text('be a comma list of non-negative whole numbers (e.g. 30000,120000,480000)', {
    pattern: '^[\\d\\s,]*\\d[\\d\\s,]*$',
  }),
  WEBHOOK_ALLOW_HOSTS: hostList,
  LLM_ALLOW_HOSTS: hostList,
  AI_TIMEOUT_MS: wholeNumber(1),
  MODEL_KEY_SECRET: text(
    'be 32 bytes, written as 64 hex characters or base64 (e.g. openssl rand -hex 32)',
    { format: 'token-key' },
    true,
  ),
  OPENAI_BASE_URL: { ...urlOf(['http', 'https'], 'https://api.openai.com/v1'), secret: false },
  OPENAI_API_KEY: text('be an API key of at most 500 characters, without spaces', { pattern: '^\\S{1,500}$' }, true),
  OPENAI_MODEL: text('be a model id of at most 200 characters, without spaces (e.g. gpt-4o-mini)', {
    pattern: '^\\S{1,200}$',
  }),
  RATE_LIMIT_PER_MINUTE: wholeNumber(1),
  WORKSPACE_RATE_LIMIT_PER_MINUTE: wholeNumber(1),
  TRUST_PROXY: text(
    `be true, false, a hop count or a comma list of addresses, CIDRs, ${PROXY_RANGE_NAMES.join(', ')}`,
    { format: 'trust-proxy' },
  ),
  LOG_LEVEL: text(`be one of ${LOG_LEVELS.join(', ')}`, { pattern: `^(?:${LOG_LEVELS.map(anyCase).join('|')})$` }),
  // A short secret would make the code hashes in the log guessable again.
  CODE_SECRET: text('be at least 32 characters (e.g. openssl rand -hex 32)', { minLength: 32 }, true),
  STOREFRONT_TOKEN_KEY: text(
    'be 32 bytes, written as 64 hex characters or base64 (e.g. openssl rand -hex 32)',
    { format: 'token-key' },
    true,
  ),
  MEDIA_MAX_IMAGE_BYTES: wholeNumber(1),
  MEDIA_MAX_VIDEO_BYTES: wholeNumber(1),
  OIDC_ISSUER: { ...urlOf(['http', 'https'], 'https://id.example.com'), secret: false },
  OIDC_CLIENT_ID: text('be the client id registered at the provider'),
  OIDC_CLIENT_SECRET: text('be the client secret the provider issued', {}, true),
  OIDC_PROVIDER_NAME: text('be a name of at most 60 characters on one line', {
    maxLength: 60,
    pattern: '^[^\\u0000-\\u001f]*$',
  }),
};

/** Set together or not at all. */
export const TOGETHER: [string, string][] = [
  ['OIDC_ISSUER', 'OIDC_CLIENT_ID'],
  ['OPENAI_API_KEY', 'OPENAI_MODEL'],
];

export const CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries(Object.entries(CONFIG_VARIABLES).map(([name, v]) => [name, v.schema])),
  dependencies: Object.fromEntries(
    TOGETHER.flatMap(([a, b]) => [
      [a, [b]],
      [b, [a]],
    ]),
  ),
};

const ajv = new Ajv({ allErrors: true, strict: true, formats });
const validate = ajv.compile(CONFIG_SCHEMA);

export type ConfigValues = Record<string, string | number>;

/**
 * The set variables of `env`, trimmed, integers as numbers; throws one Error naming every
 * variable that breaks its rule. Variables the schema does not know are left out.
 */
export function validatedConfigValues(env: Record<string, string | undefined>): ConfigValues {
  const values: ConfigValues = {};
  for (const [name, variable] of Object.entries(CONFIG_VARIABLES)) {
    const raw = (env[name] ?? '').trim();
    if (raw === '') continue;
    values[name] = variable.schema.type === 'integer' && /^\d+$/.test(raw) ? Number(raw) : raw;
  }
  // The storefront app's default address is PUBLIC_URL's, and must meet APP_URL's rule once the app is in use.
  if (values.APP_URL === undefined && values.BIGCOMMERCE_CLIENT_ID !== undefined)
    values.APP_URL = `${String(values.PUBLIC_URL ?? `http://localhost:${values.PORT ?? 3000}`).replace(/\/+$/, '')}/storefront`;
  if (validate(values)) return values;
  const messages = [...new Set((validate.errors ?? []).map((e) => messageOf(e, values)))];
  throw new Error(messages.join('; '));
}

function messageOf(error: ErrorObject, values: ConfigValues): string {
  if (error.keyword === 'dependencies') {
    const { property, missingProperty } = error.params as { property: string; missingProperty: string };
    return `${property} and ${missingProperty} must be set together`;
  }
  const name = error.instancePath.slice(1);
  const variable = CONFIG_VARIABLES[name];
  const raw = String(values[name]);
  let message = `${name} must ${variable.rule}`;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw)?.[1]?.toLowerCase();
  if (variable.schemes && scheme && !variable.schemes.includes(scheme)) message += `, not ${scheme}://…`;
  return variable.secret ? message : `${message}, got "${raw}"`;
}
