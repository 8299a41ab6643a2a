/**
 * The one schema every configuration variable is checked against at start (docs/configuration.md).
 * Each variable has its JSON Schema and the rule in words; a value that breaks the schema stops
 * the start with `<VARIABLE> must <rule>`, so the operator sees which variable to fix and how.
 * Each also carries what the documentation says of it (its default and meaning), so the tables
 * made from it (configurationTable.ts) cannot drift from what a start does.
 * Values arrive as text: empty counts as unset, blanks around a value are ignored, and a variable
 * whose schema is an integer is read as one when it is all digits (anything else fails its type).
 */
import { Ajv, type ErrorObject } from 'ajv';
import { isIP } from 'node:net';
import { parseTokenKey } from './secrets/tokenCipher.js';

type JsonSchema = Record<string, unknown>;

/** What a value is checked against. */
interface Check {
  schema: JsonSchema;
  /** What the value must be, after "<NAME> must ". */
  rule: string;
  /** Never echoed in the message: it may be or carry a password. */
  secret?: boolean;
  /** URL schemes the variable takes (the message names the one given instead). */
  schemes?: string[];
}

/** The headings of docs/configuration.md's tables, in the page's order. */
export const VARIABLE_GROUPS = [
  'Listening and addresses',
  'Stores',
  'Mail',
  'Secrets',
  'Webhooks and limits',
  'Storefront app',
  'AI models',
  'Single sign-on (OpenID Connect)',
  'Logging',
] as const;

/** What the documentation says of a variable (Markdown). */
interface Documentation {
  group: (typeof VARIABLE_GROUPS)[number];
  /**
   * The value used when the variable is unset, as the reader sees it; `$NAME` stands for another
   * variable's value (`http://localhost:$PORT`). Absent: unset means off or none.
   */
  default?: string;
  /** Said after the default, e.g. `(10 MB)`. */
  defaultNote?: string;
  /** What the variable is for, in one line; no relative links (the README shows it too). */
  meaning: string;
  /** Appended to the meaning on docs/configuration.md only, starting with its own punctuation. */
  detail?: string;
  /** One most deployments set: it is in the README's short table too. */
  common?: boolean;
}

export type Variable = Check & Documentation;

/** winston's levels, most to least severe (infrastructure/logger.ts). */
export const LOG_LEVELS = ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'] as const;

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DOMAIN_NAME = `${LABEL}(?:\\.${LABEL})*`;

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER): Check => ({
  schema: { type: 'integer', minimum: min, maximum: max },
  rule:
    max === Number.MAX_SAFE_INTEGER
      ? min === 0
        ? 'be a non-negative whole number'
        : `be a whole number of at least ${min}`
      : `be a whole number from ${min} to ${max}`,
});

const urlOf = (schemes: string[], example: string): Check => ({
  schema: {
    type: 'string',
    format: 'url',
    pattern: `^(?:${schemes.map((s) => s.replace(/[+.]/g, '\\$&')).join('|')})://`,
  },
  rule: `be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')} (e.g. ${example})`,
  secret: true,
  schemes,
});

const text = (rule: string, schema: JsonSchema = {}, secret = false): Check => ({
  schema: { type: 'string', ...schema },
  rule,
  secret,
});

/** Exact hosts exempt from the private-address rule (WEBHOOK_ALLOW_HOSTS, LLM_ALLOW_HOSTS). */
const hostList: Check = text('be a comma list of host names or IP addresses', {
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

const TOKEN_KEY_RULE = 'be 32 bytes, written as 64 hex characters or base64 (e.g. openssl rand -hex 32)';

export const CONFIG_VARIABLES: Record<string, Variable> = {
  PORT: {
    ...wholeNumber(0, 65_535),
    group: 'Listening and addresses',
    default: '3000',
    meaning: 'port to listen on',
    common: true,
  },
  HOST: {
    ...text('be an IP address or a host name to listen on (e.g. 0.0.0.0)', { format: 'listen-host' }),
    group: 'Listening and addresses',
    default: '0.0.0.0',
    meaning: 'address to listen on',
    common: true,
  },
  DATA_DIR: {
    ...text('be a folder path'),
    group: 'Stores',
    default: 'data/',
    defaultNote: "in the project's root folder (where `package.json` is)",
    meaning:
      "folder of the embedded store (PGlite), uploaded login media (`media/`), mail outbox (`outbox/`), generated keys and the CLI's admin socket (`confab.sock`)",
    detail:
      '. The generated keys are `code-pepper`, `storefront-token-key` and `model-key-secret`. The default does not depend on the current folder, so `npm start` and `npx confab` from any subfolder use the same store; a `DATA_DIR` you set is taken as given (a relative one from the current folder)',
    common: true,
  },
  DATABASE_URL: {
    ...urlOf(['postgres', 'postgresql'], 'postgres://user:password@db.example:5432/confab'),
    group: 'Stores',
    meaning: 'event store and read models on a PostgreSQL server instead of the embedded store',
    detail: '; required for more than one instance ([README](../README.md#scaling-past-one-machine))',
    common: true,
  },
  EVENTSTORE_URL: {
    ...urlOf(
      ['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kurrent', 'kurrent+discover'],
      'esdb://localhost:2113?tls=false',
    ),
    group: 'Stores',
    meaning: 'event store on EventStoreDB/KurrentDB',
    detail:
      " (adapter verified only by its contract suite, which runs when this is set or Docker is present). KurrentDB's schemes are passed to the client as `esdb://`",
  },
  MONGODB_URL: {
    ...urlOf(['mongodb', 'mongodb+srv'], 'mongodb://localhost:27017/confab'),
    group: 'Stores',
    meaning: 'read models on MongoDB',
    detail: ' (same status as `EVENTSTORE_URL`)',
  },
  REDIS_URL: {
    ...urlOf(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
    group: 'Stores',
    meaning: 'rate-limit counters shared by every instance',
    detail: '; unset, or while Redis is unreachable, limits count per process',
    common: true,
  },
  SMTP_URL: {
    ...urlOf(['smtp', 'smtps'], 'smtps://user:password@mail.example:465'),
    group: 'Mail',
    meaning: 'outgoing mail server; unset: each mail is an `.eml` file in `DATA_DIR/outbox`',
    detail:
      ' (RFC 822, named `<time>-<id>.eml`: open it in any mail client). The query parameters `connectionTimeout`, `greetingTimeout`, `socketTimeout` (ms) override the defaults 10 s, 10 s, 30 s',
    common: true,
  },
  MAIL_FROM: {
    ...text('be a mail address, optionally with a name (e.g. Confab <no-reply@example.com>), on one line', {
      pattern: '^[^\\r\\n]*@[^\\r\\n]*$',
    }),
    group: 'Mail',
    default: 'Confab <no-reply@localhost>',
    meaning: 'sender of every mail',
    common: true,
  },
  PUBLIC_URL: {
    ...urlOf(['http', 'https'], 'https://confab.example'),
    secret: false,
    group: 'Listening and addresses',
    default: 'http://localhost:$PORT',
    meaning: "the service's own public base address",
    detail:
      ': links in mails, the OpenID Connect redirect, `$PUBLIC_URL/login`, `/signup`, `/dashboard`. A trailing `/` is dropped',
    common: true,
  },
  WORKSPACE_DOMAIN: {
    ...text('be a bare domain name such as example.com or localhost (no scheme, port or path)', {
      pattern: `^${DOMAIN_NAME}$`,
      maxLength: 253,
    }),
    group: 'Listening and addresses',
    default: 'localhost',
    meaning: 'branded logins and dashboards live at `<slug>.$WORKSPACE_DOMAIN`',
    detail:
      ", with PUBLIC_URL's scheme and port (https in production; see [sign-in.md](sign-in.md)). `PUBLIC_URL` and `APP_URL` may sit under it: their hosts stay the main host, and their first labels can never be claimed as slugs",
    common: true,
  },
  APP_URL: {
    ...text(
      'use https (BigCommerce only calls and frames https apps); http is accepted only for localhost, 127.0.0.1, [::1] and *.localhost',
      { format: 'storefront-url' },
    ),
    group: 'Listening and addresses',
    default: '$PUBLIC_URL/storefront',
    meaning: "the storefront app's public address",
    detail: '. Its rule is checked when `APP_URL` or `BIGCOMMERCE_CLIENT_ID` is set ([storefront.md](storefront.md))',
    common: true,
  },
  BIGCOMMERCE_CLIENT_ID: {
    ...text('be the client id from the BigCommerce Developer Portal', {}, true),
    group: 'Storefront app',
    meaning: "the app's client id from the BigCommerce Developer Portal",
  },
  BIGCOMMERCE_CLIENT_SECRET: {
    ...text('be the client secret from the BigCommerce Developer Portal', {}, true),
    group: 'Storefront app',
    meaning: "the app's client secret (also the key that verifies the signed callbacks)",
  },
  BIGCOMMERCE_LOGIN_URL: {
    ...urlOf(['http', 'https'], 'https://login.bigcommerce.com'),
    secret: false,
    group: 'Storefront app',
    default: 'https://login.bigcommerce.com',
    meaning: 'base of the OAuth token endpoint (`/oauth2/token`); tests point it at a stand-in',
  },
  BIGCOMMERCE_API_URL: {
    ...urlOf(['http', 'https'], 'https://api.bigcommerce.com'),
    secret: false,
    group: 'Storefront app',
    default: 'https://api.bigcommerce.com',
    meaning: "base of the platform's REST API; tests point it at a stand-in",
  },
  WEBHOOK_TIMEOUT_MS: {
    ...wholeNumber(1),
    group: 'Webhooks and limits',
    default: '10000',
    meaning: "how long a delivery attempt waits for the receiver's answer",
    detail: ' ([events.md](events.md))',
  },
  WEBHOOK_RETRY_DELAYS_MS: {
    ...text('be a comma list of non-negative whole numbers (e.g. 30000,120000,480000)', {
      pattern: '^[\\d\\s,]*\\d[\\d\\s,]*$',
    }),
    group: 'Webhooks and limits',
    default: '30000,120000,480000',
    meaning: 'the delays before retry 1, 2, 3 of a webhook delivery',
  },
  WEBHOOK_ALLOW_HOSTS: {
    ...hostList,
    group: 'Webhooks and limits',
    meaning:
      'exact hosts or IPs exempt from the private-address rule for webhook targets (local development and tests only)',
    detail:
      '; everything else private stays refused ([webhooks-guide.md](webhooks-guide.md#local-development-step-by-step))',
  },
  LLM_ALLOW_HOSTS: {
    ...hostList,
    group: 'AI models',
    meaning:
      'exact hosts or IPs that model connections may reach over `http` or at a private address (a self-hosted Ollama, vLLM or llama.cpp server)',
    detail: '; every other host must be public `https` ([ai-agents.md](ai-agents.md#the-base-url-and-llm_allow_hosts))',
    common: true,
  },
  AI_TIMEOUT_MS: {
    ...wholeNumber(1),
    group: 'AI models',
    default: '30000',
    meaning:
      "how long an agent's turn may take (every try of the model call and every wait between tries, a stream included) before the visitor is passed to a person",
    detail: ' ([ai-agents.md](ai-agents.md#failures))',
  },
  MODEL_KEY_SECRET: {
    ...text(TOKEN_KEY_RULE, { format: 'token-key' }, true),
    group: 'AI models',
    meaning: 'key of the stored model connection API keys',
    detail:
      ". Unset: a key file `DATA_DIR/model-key-secret` (mode 0600) made on first use. Instances sharing one database must share it; losing it means every connection's key must be entered again",
  },
  OPENAI_BASE_URL: {
    ...urlOf(['http', 'https'], 'https://api.openai.com/v1'),
    secret: false,
    group: 'AI models',
    default: 'https://api.openai.com/v1',
    meaning: "the platform default model connection's OpenAI-compatible root (another provider's, or your own)",
    detail: ": the operator's own choice, not subject to `LLM_ALLOW_HOSTS`",
    common: true,
  },
  OPENAI_API_KEY: {
    ...text('be an API key of at most 500 characters, without spaces', { pattern: '^\\S{1,500}$' }, true),
    group: 'AI models',
    meaning: "the platform default model connection's key (never shown to workspaces)",
    common: true,
  },
  OPENAI_MODEL: {
    ...text('be a model id of at most 200 characters, without spaces (e.g. gpt-4o-mini)', {
      pattern: '^\\S{1,200}$',
    }),
    group: 'AI models',
    meaning: "the platform default model connection's chat model id, e.g. `gpt-4o-mini`",
    common: true,
  },
  RATE_LIMIT_PER_MINUTE: {
    ...wholeNumber(1),
    group: 'Webhooks and limits',
    default: '60',
    meaning: 'External API burst limit per key',
    detail: ' ([external-api.md](external-api.md#rate-limit-and-quota))',
    common: true,
  },
  WORKSPACE_RATE_LIMIT_PER_MINUTE: {
    ...wholeNumber(1),
    group: 'Webhooks and limits',
    default: '120',
    meaning:
      'burst limit per caller (API key or signed-in user) of the workspace endpoints `/api/v1/workspace/…`: branding, slug, login media, ad analytics',
    detail: ' ([branding.md](branding.md))',
    common: true,
  },
  TRUST_PROXY: {
    ...text(`be true, false, a hop count or a comma list of addresses, CIDRs, ${PROXY_RANGE_NAMES.join(', ')}`, {
      format: 'trust-proxy',
    }),
    group: 'Listening and addresses',
    default: 'loopback',
    meaning:
      'proxies whose `X-Forwarded-For`, `X-Forwarded-Host` and `X-Forwarded-Proto` are believed (per-address limits, audit lines, workspace hosts)',
    detail:
      ': `true`, `false` (none, not even loopback), a hop count (`1`), or a comma list of addresses, CIDRs and `loopback`, `linklocal`, `uniquelocal`. The default is safe with no proxy too: remote clients cannot pretend to be one',
  },
  LOG_LEVEL: {
    ...text(`be one of ${LOG_LEVELS.join(', ')}`, { pattern: `^(?:${LOG_LEVELS.map(anyCase).join('|')})$` }),
    group: 'Logging',
    default: 'info',
    defaultNote: '(CLI: `warn`)',
    meaning: 'the least severe level logged (case ignored)',
    detail: '. Logs are JSON lines on stderr, with secrets masked',
  },
  CODE_SECRET: {
    // A short secret would make the code hashes in the log guessable again.
    ...text('be at least 32 characters (e.g. openssl rand -hex 32)', { minLength: 32 }, true),
    group: 'Secrets',
    meaning:
      "key of the hashes of mailed one-time codes (email change, sign-in codes) and of ad-click visitor pseudonyms, and the root of each chatbot's flow signing secret",
    detail:
      ' ([flows.md](flows.md#http-steps); changing it changes them), never in the event log. Unset: 32 random bytes made on the first start in `DATA_DIR/code-pepper` (mode 0600) and reused. Instances sharing one `DATABASE_URL` must all set the same `CODE_SECRET`, or a code mailed by one fails on another',
  },
  STOREFRONT_TOKEN_KEY: {
    ...text(TOKEN_KEY_RULE, { format: 'token-key' }, true),
    group: 'Secrets',
    meaning: 'key of the stored BigCommerce access tokens',
    detail:
      '. Unset: a key file `DATA_DIR/storefront-token-key` (mode 0600) made on first use. Instances sharing one database must share it; losing it means every store must install the app again',
  },
  MEDIA_MAX_IMAGE_BYTES: {
    ...wholeNumber(1),
    group: 'Webhooks and limits',
    default: '10485760',
    defaultNote: '(10 MB)',
    meaning: 'largest login media image upload',
    detail: ' ([branding.md](branding.md))',
  },
  MEDIA_MAX_VIDEO_BYTES: {
    ...wholeNumber(1),
    group: 'Webhooks and limits',
    default: '104857600',
    defaultNote: '(100 MB)',
    meaning: 'largest login media video upload',
  },
  OIDC_ISSUER: {
    ...urlOf(['http', 'https'], 'https://id.example.com'),
    secret: false,
    group: 'Single sign-on (OpenID Connect)',
    meaning: "the provider's issuer URL (discovery is read from it)",
    detail:
      '. Register exactly `$PUBLIC_URL/auth/oidc/callback` as the redirect URI at the provider ([sign-in.md](sign-in.md#single-sign-on))',
  },
  OIDC_CLIENT_ID: {
    ...text('be the client id registered at the provider'),
    group: 'Single sign-on (OpenID Connect)',
    meaning: 'the client id registered at the provider',
  },
  OIDC_CLIENT_SECRET: {
    ...text('be the client secret the provider issued', {}, true),
    group: 'Single sign-on (OpenID Connect)',
    meaning: 'the client secret, when the provider issued one (the flow uses PKCE either way)',
  },
  OIDC_PROVIDER_NAME: {
    ...text('be a name of at most 60 characters on one line', {
      maxLength: 60,
      pattern: '^[^\\u0000-\\u001f]*$',
    }),
    group: 'Single sign-on (OpenID Connect)',
    default: 'single sign-on',
    meaning: 'the button text: `Continue with <name>`',
  },
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
