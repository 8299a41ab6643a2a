/**
 * The only module that reads process.env (DESIGN.md, decision 11). Everything else receives a Config.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validatedConfigValues } from './configSchema.js';

/**
 * The project's root folder (where package.json is). The default DATA_DIR lives there, so
 * `npm start` and `npx confab` run from any subfolder share one embedded store.
 */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  eventStoreUrl?: string;
  mongodbUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  workspaceDomain: string;
  appUrl: string;
  bigcommerce: { clientId?: string; clientSecret?: string; loginUrl: string; apiUrl: string };
  webhookTimeoutMs: number;
  webhookRetryDelaysMs: number[];
  webhookAllowHosts: string[];
  /** Hosts model connections may reach over http or at a private address (LLM_ALLOW_HOSTS). */
  llmAllowHosts: string[];
  /** How long an agent's model call may take (AI_TIMEOUT_MS). */
  aiTimeoutMs: number;
  /** Key of the stored model connection API keys (64 hex or base64 of 32 bytes); unset: a key file in dataDir (infrastructure/ai/modelKeyCipher.ts). */
  modelKeySecret?: string;
  /** The platform's default model connection; absent unless OPENAI_API_KEY and OPENAI_MODEL are set. */
  platformModel?: { baseUrl: string; apiKey: string; chatModel: string };
  rateLimitPerMinute: number;
  /** Per-caller burst limit of the workspace endpoints (branding, slug, media, ad analytics). */
  workspaceRateLimitPerMinute: number;
  /** Express's 'trust proxy': which hops may set X-Forwarded-For (the client address of per-address limits). */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Key of the email-change code hashes; unset: a pepper file in dataDir (infrastructure/secrets/codePepper.ts). */
  codeSecret?: string;
  /** Key of the stored BigCommerce access tokens (64 hex or base64 of 32 bytes); unset: a key file in dataDir (infrastructure/secrets/tokenCipher.ts). */
  storefrontTokenKey?: string;
  /** Largest login media upload per kind (default 10 MB images, 100 MB videos). */
  mediaLimits: { imageBytes: number; videoBytes: number };
  /** Sign-in through an OpenID Connect provider (docs/sign-in.md); absent unless OIDC_ISSUER and OIDC_CLIENT_ID are set. */
  oidc?: { issuer: string; clientId: string; clientSecret?: string; providerName: string };
}

export type TrustProxy = boolean | number | string[];

type Env = Record<string, string | undefined>;

const listOf = (value: string | number | undefined): string[] =>
  String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** TRUST_PROXY in the forms Express takes. Unset trusts only a proxy on this machine (loopback). */
function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined) return ['loopback'];
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return listOf(value);
}

/** OPENAI_API_KEY and OPENAI_MODEL set the platform default (set together, checked by the schema). */
function platformModelOf(str: (name: string) => string | undefined): Config['platformModel'] {
  const apiKey = str('OPENAI_API_KEY');
  const chatModel = str('OPENAI_MODEL');
  if (!apiKey || !chatModel) return undefined;
  const baseUrl = (str('OPENAI_BASE_URL') ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  return { baseUrl, apiKey, chatModel };
}

/**
 * `defaults` lets an entry point choose its own fallbacks (the CLI logs less than the server).
 * Every variable is checked against the one schema first (configSchema.ts); a bad one throws,
 * naming it and its rule.
 */
export function loadConfig(env: Env = process.env, defaults: { logLevel?: string } = {}): Config {
  const values = validatedConfigValues(env);
  const str = (name: string): string | undefined => (values[name] === undefined ? undefined : String(values[name]));
  const int = (name: string, fallback: number): number => (values[name] as number | undefined) ?? fallback;
  const port = int('PORT', 3000);
  const publicUrl = (str('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const delays = listOf(values.WEBHOOK_RETRY_DELAYS_MS).map(Number);
  const dataDir = str('DATA_DIR');
  const issuer = str('OIDC_ISSUER');
  const clientId = str('OIDC_CLIENT_ID');
  return {
    port,
    host: str('HOST') ?? '0.0.0.0',
    // An explicit DATA_DIR is taken as given (relative to the current folder); the default is the project's.
    dataDir: dataDir ? resolve(dataDir) : resolve(PROJECT_ROOT, 'data'),
    databaseUrl: str('DATABASE_URL'),
    eventStoreUrl: str('EVENTSTORE_URL'),
    mongodbUrl: str('MONGODB_URL'),
    redisUrl: str('REDIS_URL'),
    smtpUrl: str('SMTP_URL'),
    mailFrom: str('MAIL_FROM') ?? 'Confab <no-reply@localhost>',
    publicUrl,
    workspaceDomain: (str('WORKSPACE_DOMAIN') ?? 'localhost').toLowerCase(),
    appUrl: (str('APP_URL') ?? `${publicUrl}/storefront`).replace(/\/+$/, ''),
    bigcommerce: {
      clientId: str('BIGCOMMERCE_CLIENT_ID'),
      clientSecret: str('BIGCOMMERCE_CLIENT_SECRET'),
      loginUrl: str('BIGCOMMERCE_LOGIN_URL') ?? 'https://login.bigcommerce.com',
      apiUrl: str('BIGCOMMERCE_API_URL') ?? 'https://api.bigcommerce.com',
    },
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000),
    webhookRetryDelaysMs: delays.length ? delays : [30_000, 120_000, 480_000],
    webhookAllowHosts: listOf(values.WEBHOOK_ALLOW_HOSTS),
    llmAllowHosts: listOf(values.LLM_ALLOW_HOSTS),
    aiTimeoutMs: int('AI_TIMEOUT_MS', 30_000),
    modelKeySecret: str('MODEL_KEY_SECRET'),
    platformModel: platformModelOf(str),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 60),
    workspaceRateLimitPerMinute: int('WORKSPACE_RATE_LIMIT_PER_MINUTE', 120),
    trustProxy: trustProxyOf(str('TRUST_PROXY')),
    logLevel: str('LOG_LEVEL')?.toLowerCase() ?? defaults.logLevel ?? 'info',
    codeSecret: str('CODE_SECRET'),
    storefrontTokenKey: str('STOREFRONT_TOKEN_KEY'),
    oidc:
      issuer && clientId
        ? {
            issuer,
            clientId,
            clientSecret: str('OIDC_CLIENT_SECRET'),
            providerName: str('OIDC_PROVIDER_NAME') ?? 'single sign-on',
          }
        : undefined,
    mediaLimits: {
      imageBytes: int('MEDIA_MAX_IMAGE_BYTES', 10 * 1024 * 1024),
      videoBytes: int('MEDIA_MAX_VIDEO_BYTES', 100 * 1024 * 1024),
    },
  };
}
