/**
 * The only module that reads process.env (DESIGN.md §11). Everything else receives a Config.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { parseTokenKey } from './secrets/tokenCipher.js';

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
  /** Express's 'trust proxy': which hops may set X-Forwarded-For (the client address of per-address limits). */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Key of the email-change code hashes; unset: a pepper file in dataDir (infrastructure/secrets/codePepper.ts). */
  codeSecret?: string;
  /** Key of the stored BigCommerce access tokens (64 hex or base64 of 32 bytes); unset: a key file in dataDir (infrastructure/secrets/tokenCipher.ts). */
  storefrontTokenKey?: string;
  /** Largest login media upload per kind (seed: 10 MB images, 100 MB videos). */
  mediaLimits: { imageBytes: number; videoBytes: number };
  /** Sign-in through an OpenID Connect provider (CONTRACT.md §6); absent unless OIDC_ISSUER and OIDC_CLIENT_ID are set. */
  oidc?: { issuer: string; clientId: string; clientSecret?: string; providerName: string };
}

export type TrustProxy = boolean | number | string[];

type Env = Record<string, string | undefined>;

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
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
  if (bad.length) throw new Error(`TRUST_PROXY must be true, false, a hop count or a comma list of addresses, CIDRs, ${PROXY_RANGE_NAMES.join(', ')}; got "${bad.join(', ')}"`);
  return list;
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * APP_URL: BigCommerce frames the app and posts its callbacks there, so it must be https (seed)
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
    throw new Error(`APP_URL must be an absolute https address such as https://confab.example/storefront, got "${appUrl}"`);
  }
  const local = LOCAL_HOSTS.includes(url.hostname) || url.hostname.endsWith('.localhost');
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) {
    throw new Error(`APP_URL must use https (BigCommerce only calls and frames https apps); http is accepted only for localhost. Got "${appUrl}"`);
  }
  return appUrl;
}

function oidcFrom(env: Env): Config['oidc'] {
  const issuer = (env.OIDC_ISSUER ?? '').trim();
  const clientId = (env.OIDC_CLIENT_ID ?? '').trim();
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId) throw new Error('OIDC_ISSUER and OIDC_CLIENT_ID must be set together');
  if (!/^https?:\/\//.test(issuer)) throw new Error(`OIDC_ISSUER must be an http(s) URL, got "${issuer}"`);
  return { issuer, clientId, clientSecret: env.OIDC_CLIENT_SECRET || undefined, providerName: (env.OIDC_PROVIDER_NAME ?? '').trim() || 'single sign-on' };
}

/** `defaults` lets an entry point choose its own fallbacks (the CLI logs less than the server). */
export function loadConfig(env: Env = process.env, defaults: { logLevel?: string } = {}): Config {
  const port = intFrom(env, 'PORT', 3000);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const delays = listFrom(env, 'WEBHOOK_RETRY_DELAYS_MS').map(Number);
  if (delays.some((d) => !Number.isInteger(d) || d < 0)) {
    throw new Error('WEBHOOK_RETRY_DELAYS_MS must be a comma list of non-negative integers');
  }
  // A short secret would make the code hashes in the log guessable again; the value is never echoed.
  if (env.CODE_SECRET && env.CODE_SECRET.length < 32) throw new Error('CODE_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)');
  if (env.STOREFRONT_TOKEN_KEY) parseTokenKey(env.STOREFRONT_TOKEN_KEY);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    mongodbUrl: env.MONGODB_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
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
    webhookTimeoutMs: intFrom(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    webhookRetryDelaysMs: delays.length ? delays : [30_000, 120_000, 480_000],
    webhookAllowHosts: listFrom(env, 'WEBHOOK_ALLOW_HOSTS'),
    rateLimitPerMinute: intFrom(env, 'RATE_LIMIT_PER_MINUTE', 60) || 60,
    trustProxy: trustProxyFrom(env),
    logLevel: env.LOG_LEVEL || defaults.logLevel || 'info',
    codeSecret: env.CODE_SECRET || undefined,
    storefrontTokenKey: env.STOREFRONT_TOKEN_KEY || undefined,
    oidc: oidcFrom(env),
    mediaLimits: {
      imageBytes: intFrom(env, 'MEDIA_MAX_IMAGE_BYTES', 10 * 1024 * 1024) || 10 * 1024 * 1024,
      videoBytes: intFrom(env, 'MEDIA_MAX_VIDEO_BYTES', 100 * 1024 * 1024) || 100 * 1024 * 1024,
    },
  };
}
