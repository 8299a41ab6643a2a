/**
 * The configuration tables on docs/configuration.md and in the README are the ones made from the
 * schema: a variable added to or changed in infrastructure/configSchema.ts without rerunning
 * scripts/configurationTable.ts fails, and so does a documented default that is not the value
 * infrastructure/config.ts falls back to.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Config, loadConfig, PROJECT_ROOT } from '../../infrastructure/config.js';
import { CONFIG_VARIABLES } from '../../infrastructure/configSchema.js';
import {
  blockContent,
  commonVariablesTable,
  configurationTables,
  GENERATED_TABLES,
} from '../../infrastructure/configurationTable.js';

const pageText = (page: string): string => readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8');

const rowsOf = (markdown: string): Map<string, string[]> =>
  new Map(
    blockContent(markdown)
      .filter((cells) => cells.length > 1 && cells[0] !== 'variable')
      .map((cells) => [cells[0]!.replace(/`/g, ''), cells]),
  );

test('each page holds the table made from the schema, between its markers', () => {
  for (const generated of GENERATED_TABLES) {
    const text = pageText(generated.page);
    const start = text.indexOf(generated.start);
    const end = text.indexOf(generated.end);
    assert.ok(start >= 0 && end > start, `the markers are in ${generated.page}`);
    assert.equal(
      blockContent(text.slice(start + generated.start.length, end)),
      blockContent(generated.markdown()),
      `${generated.page} is out of date: node --import tsx scripts/configurationTable.ts`,
    );
  }
});

test('every variable has a row under its group: default, meaning, rule; secrets marked, pairs named', () => {
  const tables = configurationTables();
  const rows = rowsOf(tables);
  assert.equal([...rows.keys()].sort(), Object.keys(CONFIG_VARIABLES).sort());
  for (const [name, variable] of Object.entries(CONFIG_VARIABLES)) {
    const [, shownDefault, meaning, rule, notes] = rows.get(name)!;
    if (variable.default === undefined) assert.is(shownDefault, 'unset', name);
    else assert.ok(shownDefault!.startsWith(`\`${variable.default}\``), name);
    assert.ok(meaning!.startsWith(variable.meaning), name);
    assert.is(rule, `must ${variable.rule}`.replace(/\|/g, '\\|'));
    assert.is(notes!.includes('secret'), variable.secret === true, name);
    const before = tables.slice(0, tables.search(new RegExp(`^\\| \`${name}\` +\\|`, 'm')));
    assert.is(before.slice(before.lastIndexOf('### ')).split('\n')[0], `### ${variable.group}`, name);
  }
  assert.match(rows.get('OIDC_ISSUER')![4]!, /set together with `OIDC_CLIENT_ID`/);
});

test("the README's short table: the variables marked common, each meaning without a link that only works in docs/", () => {
  const rows = rowsOf(commonVariablesTable());
  const common = Object.entries(CONFIG_VARIABLES).filter(([, variable]) => variable.common);
  assert.equal(
    [...rows.keys()],
    common.map(([name]) => name),
  );
  assert.ok(rows.has('DATABASE_URL') && rows.has('PUBLIC_URL'));
  for (const [name, variable] of common) {
    assert.is(rows.get(name)![2], variable.meaning);
    assert.not.match(variable.meaning, /\]\((?!https?:)/, `${name}'s meaning links relative to docs/`);
  }
});

/** Where each variable's value lands in the Config, and what else must be set for it to be used. */
type Read = (config: Config) => unknown;
const sso = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'confab' };
const platformModel = { OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4o-mini' };
const VALUE_OF: Record<string, [Read, Record<string, string>?]> = {
  PORT: [(c) => c.port],
  HOST: [(c) => c.host],
  DATA_DIR: [(c) => `${relative(PROJECT_ROOT, c.dataDir)}/`],
  DATABASE_URL: [(c) => c.databaseUrl],
  EVENTSTORE_URL: [(c) => c.eventStoreUrl],
  MONGODB_URL: [(c) => c.mongodbUrl],
  REDIS_URL: [(c) => c.redisUrl],
  SMTP_URL: [(c) => c.smtpUrl],
  MAIL_FROM: [(c) => c.mailFrom],
  PUBLIC_URL: [(c) => c.publicUrl],
  WORKSPACE_DOMAIN: [(c) => c.workspaceDomain],
  APP_URL: [(c) => c.appUrl],
  BIGCOMMERCE_CLIENT_ID: [(c) => c.bigcommerce.clientId],
  BIGCOMMERCE_CLIENT_SECRET: [(c) => c.bigcommerce.clientSecret],
  BIGCOMMERCE_LOGIN_URL: [(c) => c.bigcommerce.loginUrl],
  BIGCOMMERCE_API_URL: [(c) => c.bigcommerce.apiUrl],
  WEBHOOK_TIMEOUT_MS: [(c) => c.webhookTimeoutMs],
  WEBHOOK_RETRY_DELAYS_MS: [(c) => c.webhookRetryDelaysMs],
  WEBHOOK_ALLOW_HOSTS: [(c) => c.webhookAllowHosts],
  LLM_ALLOW_HOSTS: [(c) => c.llmAllowHosts],
  AI_TIMEOUT_MS: [(c) => c.aiTimeoutMs],
  MODEL_KEY_SECRET: [(c) => c.modelKeySecret],
  OPENAI_BASE_URL: [(c) => c.platformModel?.baseUrl, platformModel],
  OPENAI_API_KEY: [(c) => c.platformModel?.apiKey],
  OPENAI_MODEL: [(c) => c.platformModel?.chatModel],
  RATE_LIMIT_PER_MINUTE: [(c) => c.rateLimitPerMinute],
  WORKSPACE_RATE_LIMIT_PER_MINUTE: [(c) => c.workspaceRateLimitPerMinute],
  TRUST_PROXY: [(c) => c.trustProxy],
  LOG_LEVEL: [(c) => c.logLevel],
  CODE_SECRET: [(c) => c.codeSecret],
  STOREFRONT_TOKEN_KEY: [(c) => c.storefrontTokenKey],
  MEDIA_MAX_IMAGE_BYTES: [(c) => c.mediaLimits.imageBytes],
  MEDIA_MAX_VIDEO_BYTES: [(c) => c.mediaLimits.videoBytes],
  OIDC_ISSUER: [(c) => c.oidc?.issuer],
  OIDC_CLIENT_ID: [(c) => c.oidc?.clientId],
  OIDC_CLIENT_SECRET: [(c) => c.oidc?.clientSecret, sso],
  OIDC_PROVIDER_NAME: [(c) => c.oidc?.providerName, sso],
};

/** A Config value as the table writes it: lists comma-joined, an empty one as unset. */
const shown = (value: unknown): string | undefined => {
  if (Array.isArray(value)) return value.length ? value.join(',') : undefined;
  return value === undefined ? undefined : String(value);
};

test('each documented default is what config.ts uses when the variable is unset ($NAME: that variable)', () => {
  assert.equal(Object.keys(VALUE_OF).sort(), Object.keys(CONFIG_VARIABLES).sort());
  for (const [name, variable] of Object.entries(CONFIG_VARIABLES)) {
    const [read, enabling = {}] = VALUE_OF[name]!;
    const config = loadConfig(enabling);
    const expected = variable.default?.replace(/\$([A-Z_]+)/g, (_, other: string) =>
      String(shown(VALUE_OF[other]![0](config))),
    );
    assert.is(shown(read(config)), expected, name);
  }
});

test('a default written in terms of another variable follows it', () => {
  assert.is(loadConfig({ PORT: '4123' }).publicUrl, 'http://localhost:4123');
  assert.is(loadConfig({ PUBLIC_URL: 'https://confab.example/' }).appUrl, 'https://confab.example/storefront');
});

test.run();
