/**
 * The only module that reads process.env (DESIGN.md, decision 11). Everything else receives a Config.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTokenKey } from './secrets/tokenCipher.js';

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

/** A whole number from `min` to `max`; unset or empty: the fallback. */
function intFrom(env: Env, name: string, fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER
        ? min === 0
          ? 'a non-negative whole number'
          : `a whole number of at least ${min}`
        : `a whole number from ${min} to ${max}`;
    throw new Error(`${name} must be ${range}, got "${raw}"`);
  }
  return n;
}

/**
 * An absolute URL with one of `schemes` (without "://"), or undefined when unset. A value of
 * another kind (mysql:// as DATABASE_URL, a bare word) is refused here, naming the variable,
 * rather than failing later inside a driver with an error that names neither.
 */
function urlFrom(env: Env, name: string, schemes: string[], example: string): string | undefined {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw)?.[1]?.toLowerCase();
  let parses = true;
  try {
    new URL(raw);
  } catch {
    parses = false;
  }
  if (!scheme || !schemes.includes(scheme) || !parses) {
    // The value is not echoed: a URL may carry a password.
    throw new Error(
      `${name} must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')} (e.g. ${example})${scheme ? `, not ${scheme}://…` : ''}`,
    );
  }
  return raw;
}

/** winston's levels, most to least severe (infrastructure/logger.ts). */
export const LOG_LEVELS = ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'] as const;

/** LOG_LEVEL, case and surrounding blanks ignored; unknown names would silence every line. */
function logLevelFrom(env: Env, fallback: string): string {
  const raw = (env.LOG_LEVEL ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  return raw;
}

function listFrom(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY in the forms Express takes. Unset trusts only a proxy on this machine (loopback),
 * which is safe without any proxy too: remote clients cannot pretend to be one.
 */
function trustProxyFrom(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '') return ['loopback'];
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = listFrom(env, 'TRUST_PROXY');
  const bad = list.filter((s) => !PROXY_RANGE_NAMES.includes(s) && !isIP(s.replace(/\/\d{1,3}$/, '')));
  if (bad.length)
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or a comma list of addresses, CIDRs, ${PROXY_RANGE_NAMES.join(', ')}; got "${bad.join(', ')}"`,
    );
  return list;
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * APP_URL: BigCommerce frames the app and posts its callbacks there, so it must be https
 * except on this machine during development. Checked when the storefront app is in use (its
 * credentials or APP_URL are set); a deployment without it keeps its plain-http PUBLIC_URL.
 */
function appUrlFrom(env: Env, publicUrl: string): string {
  const appUrl = (env.APP_URL || `${publicUrl}/storefront`).replace(/\/+$/, '');
  if (!env.APP_URL && !env.BIGCOMMERCE_CLIENT_ID) return appUrl;
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    throw new Error(
      `APP_URL must be an absolute https address such as https://confab.example/storefront, got "${appUrl}"`,
    );
  }
  const local = LOCAL_HOSTS.includes(url.hostname) || url.hostname.endsWith('.localhost');
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) {
    throw new Error(
      `APP_URL must use https (BigCommerce only calls and frames https apps); http is accepted only for localhost. Got "${appUrl}"`,
    );
  }
  return appUrl;
}

function oidcFrom(env: Env): Config['oidc'] {
  const issuer = (env.OIDC_ISSUER ?? '').trim();
  const clientId = (env.OIDC_CLIENT_ID ?? '').trim();
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId) throw new Error('OIDC_ISSUER and OIDC_CLIENT_ID must be set together');
  if (!/^https?:\/\//.test(issuer)) throw new Error(`OIDC_ISSUER must be an http(s) URL, got "${issuer}"`);
  return {
    issuer,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET || undefined,
    providerName: (env.OIDC_PROVIDER_NAME ?? '').trim() || 'single sign-on',
  };
}

/** `defaults` lets an entry point choose its own fallbacks (the CLI logs less than the server). */
export function loadConfig(env: Env = process.env, defaults: { logLevel?: string } = {}): Config {
  const port = intFrom(env, 'PORT', 3000, { max: 65_535 });
  const publicUrl = (
    urlFrom(env, 'PUBLIC_URL', ['http', 'https'], 'https://confab.example') ?? `http://localhost:${port}`
  ).replace(/\/+$/, '');
  const delays = listFrom(env, 'WEBHOOK_RETRY_DELAYS_MS').map(Number);
  if (delays.some((d) => !Number.isInteger(d) || d < 0)) {
    throw new Error('WEBHOOK_RETRY_DELAYS_MS must be a comma list of non-negative integers');
  }
  // A short secret would make the code hashes in the log guessable again; the value is never echoed.
  if (env.CODE_SECRET && env.CODE_SECRET.length < 32)
    throw new Error('CODE_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)');
  if (env.STOREFRONT_TOKEN_KEY) parseTokenKey(env.STOREFRONT_TOKEN_KEY);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    // An explicit DATA_DIR is taken as given (relative to the current folder); the default is the project's.
    dataDir: env.DATA_DIR ? resolve(env.DATA_DIR) : resolve(PROJECT_ROOT, 'data'),
    databaseUrl: urlFrom(
      env,
      'DATABASE_URL',
      ['postgres', 'postgresql'],
      'postgres://user:password@db.example:5432/confab',
    ),
    eventStoreUrl: urlFrom(
      env,
      'EVENTSTORE_URL',
      ['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kurrent', 'kurrent+discover'],
      'esdb://localhost:2113?tls=false',
    ),
    mongodbUrl: urlFrom(env, 'MONGODB_URL', ['mongodb', 'mongodb+srv'], 'mongodb://localhost:27017/confab'),
    redisUrl: urlFrom(env, 'REDIS_URL', ['redis', 'rediss'], 'redis://127.0.0.1:6379'),
    smtpUrl: urlFrom(env, 'SMTP_URL', ['smtp', 'smtps'], 'smtps://user:password@mail.example:465'),
    mailFrom: env.MAIL_FROM || 'Confab <no-reply@localhost>',
    publicUrl,
    workspaceDomain: env.WORKSPACE_DOMAIN || 'localhost',
    appUrl: appUrlFrom(env, publicUrl),
    bigcommerce: {
      clientId: env.BIGCOMMERCE_CLIENT_ID || undefined,
      clientSecret: env.BIGCOMMERCE_CLIENT_SECRET || undefined,
      loginUrl: env.BIGCOMMERCE_LOGIN_URL || 'https://login.bigcommerce.com',
      apiUrl: env.BIGCOMMERCE_API_URL || 'https://api.bigcommerce.com',
    },
    webhookTimeoutMs: intFrom(env, 'WEBHOOK_TIMEOUT_MS', 10_000, { min: 1 }),
    webhookRetryDelaysMs: delays.length ? delays : [30_000, 120_000, 480_000],
    webhookAllowHosts: listFrom(env, 'WEBHOOK_ALLOW_HOSTS'),
    rateLimitPerMinute: intFrom(env, 'RATE_LIMIT_PER_MINUTE', 60, { min: 1 }),
    workspaceRateLimitPerMinute: intFrom(env, 'WORKSPACE_RATE_LIMIT_PER_MINUTE', 120, { min: 1 }),
    trustProxy: trustProxyFrom(env),
    logLevel: logLevelFrom(env, defaults.logLevel ?? 'info'),
    codeSecret: env.CODE_SECRET || undefined,
    storefrontTokenKey: env.STOREFRONT_TOKEN_KEY || undefined,
    oidc: oidcFrom(env),
    mediaLimits: {
      imageBytes: intFrom(env, 'MEDIA_MAX_IMAGE_BYTES', 10 * 1024 * 1024, { min: 1 }),
      videoBytes: intFrom(env, 'MEDIA_MAX_VIDEO_BYTES', 100 * 1024 * 1024, { min: 1 }),
    },
  };
}
