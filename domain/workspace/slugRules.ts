/**
 * Workspace slug rules (seed: Limits → Slug rules). A slug is the subdomain of the branded
 * login, so every rule answers with a reason a person can act on.
 */

/**
 * Names a SaaS must never hand out as a customer subdomain: our own services and pages,
 * protocol and infrastructure hosts, and words that would let a tenant impersonate us.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // the seed's examples
  'app', 'api', 'www', 'admin', 'login', 'cdn', 'mail',
  // our own product surfaces
  'dashboard', 'console', 'portal', 'account', 'accounts', 'billing', 'checkout', 'payment', 'payments', 'pay',
  'signin', 'signup', 'logout', 'register', 'auth', 'oauth', 'sso', 'saml', 'oidc', 'session', 'sessions',
  'settings', 'profile', 'workspace', 'workspaces', 'team', 'teams', 'user', 'users', 'member', 'members',
  'widget', 'chat', 'chatbot', 'chatbots', 'bot', 'bots', 'webhook', 'webhooks', 'storefront', 'store', 'shop',
  'confab', 'official',
  // help, docs and company pages
  'help', 'support', 'docs', 'doc', 'documentation', 'blog', 'news', 'status', 'about', 'contact', 'careers',
  'jobs', 'press', 'legal', 'terms', 'privacy', 'security', 'trust', 'abuse', 'compliance', 'gdpr', 'pricing',
  'community', 'forum', 'forums', 'academy', 'learn', 'events', 'partners', 'affiliates', 'developer', 'developers',
  'marketplace', 'apps', 'download', 'downloads', 'feedback',
  // infrastructure and protocol hosts
  'static', 'assets', 'media', 'files', 'images', 'img', 'cdn1', 'edge', 'origin', 'proxy', 'gateway', 'graphql',
  'rest', 'rpc', 'socket', 'ws', 'wss', 'smtp', 'imap', 'pop', 'pop3', 'mx', 'email', 'webmail', 'ftp', 'sftp',
  'ssh', 'vpn', 'dns', 'ns1', 'ns2', 'ntp', 'ldap', 'git', 'svn', 'ci', 'build', 'deploy', 'internal', 'intranet',
  'local', 'localhost', 'host', 'server', 'servers', 'node', 'cluster', 'monitor', 'monitoring', 'metrics', 'logs',
  'grafana', 'kibana', 'prometheus', 'health', 'healthz', 'ping', 'root', 'system', 'sysadmin', 'administrator',
  'webmaster', 'hostmaster', 'postmaster', 'noreply', 'no-reply', 'mailer', 'daemon',
  // environments
  'dev', 'develop', 'development', 'stage', 'staging', 'test', 'testing', 'qa', 'uat', 'demo', 'sandbox', 'preview',
  'beta', 'alpha', 'prod', 'production', 'live', 'canary', 'old', 'new', 'next', 'legacy',
]);

/** Prefixes that would pass for ours (seed rule 5). */
export const RESERVED_PREFIXES = ['api-', 'admin-', 'mail-', 'www-', 'dev-', 'staging-', 'test-', 'cdn-'] as const;

export type SlugVerdict = { ok: true; slug: string } | { ok: false; reason: string };

/** Every rule but uniqueness, which the reservation decides. Input is normalized to lowercase. */
export function checkSlugRules(raw: unknown): SlugVerdict {
  if (typeof raw !== 'string') return { ok: false, reason: 'A slug must be text.' };
  const slug = raw.trim().toLowerCase();
  if (slug.length < 4) return { ok: false, reason: 'Too short: a slug has at least 4 characters.' };
  if (slug.length > 15) return { ok: false, reason: 'Too long: a slug has at most 15 characters.' };
  if (!/^[a-z0-9-]+$/.test(slug)) return { ok: false, reason: 'Only lowercase letters, digits and hyphens are allowed.' };
  if (!/^[a-z]/.test(slug)) return { ok: false, reason: 'A slug must start with a letter.' };
  if (slug.endsWith('-')) return { ok: false, reason: 'A slug must not end with a hyphen.' };
  if (slug.includes('--')) return { ok: false, reason: 'A slug must not contain two hyphens in a row.' };
  if (!/[a-z]{3}/.test(slug)) return { ok: false, reason: 'A slug must contain at least 3 letters in a row.' };
  if (RESERVED_SLUGS.has(slug)) return { ok: false, reason: `"${slug}" is a reserved word.` };
  const prefix = RESERVED_PREFIXES.find((p) => slug.startsWith(p));
  if (prefix) return { ok: false, reason: `Slugs starting with "${prefix}" are reserved.` };
  return { ok: true, slug };
}
