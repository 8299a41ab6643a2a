/** Slugs, public branding, and the branding and organization writes (docs/branding.md). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { BrandingCommands } from '../../../commands/brandingCommands.js';
import { ConflictError } from '../../../domain/errors.js';
import { SLUG_COOLING_DOWN } from '../../../domain/workspace/slugCoolDown.js';

const W = '/api/v1/workspace';
let app: TestApp;
let pro: { workspaceId: string; apiKey: string };

const keysOf = (o: object) => Object.keys(o).sort();
function assertBad(r: { status: number; body: any }, field: string) {
  assert.is(r.status, 400, JSON.stringify(r.body));
  assert.equal(keysOf(r.body), ['code', 'error']);
  assert.ok(r.body.error.includes(field), `"${r.body.error}" names ${field}`);
}

test.before(async () => {
  app = await startTestApp({ WORKSPACE_DOMAIN: 'confab.test', PUBLIC_URL: 'https://app.confab.test' });
  pro = await app.createWorkspace('pro', { name: 'Acme Inc' });
});
test.after(async () => {
  await app.close();
});

test('check-slug: every rule, with a reason, without authentication', async () => {
  const free = await app.api('GET', `${W}/check-slug/acme-shop`);
  assert.equal(free.body, { available: true, slug: 'acme-shop' });
  const reserved = await app.api('GET', `${W}/check-slug/admin`);
  assert.is(reserved.status, 200);
  assert.equal([reserved.body.available, reserved.body.slug], [false, 'admin']);
  assert.match(reserved.body.reason, /reserved/);
  assert.match((await app.api('GET', `${W}/check-slug/ab`)).body.reason, /Too short/);
  assert.match((await app.api('GET', `${W}/check-slug/test-acme`)).body.reason, /reserved/);
  // Any text gets an answer, not an HTTP error (docs/branding.md, the slug check).
  for (const [slug, reason] of [
    ['a'.repeat(101), /Too long/],
    ['abc%00d', /./],
    ['ab%20cd', /./],
    ['%C3%A9tude', /./],
  ] as const) {
    const r = await app.api('GET', `${W}/check-slug/${slug}`);
    assert.is(r.status, 200, `${slug}: ${JSON.stringify(r.body)}`);
    assert.equal([r.body.available, r.body.slug], [false, decodeURIComponent(slug)]);
    assert.match(r.body.reason, reason);
  }
});

test('PUT /slug: admin key, paid plan; answers {message, slug}; then the slug is taken', async () => {
  const r = await app.api('PUT', `${W}/slug`, { apiKey: pro.apiKey, body: { slug: 'acme-shop' } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(keysOf(r.body), ['message', 'slug']);
  assert.is(r.body.slug, 'acme-shop');
  const taken = await app.api('GET', `${W}/check-slug/acme-shop`);
  assert.equal([taken.body.available, taken.body.reason], [false, 'This slug is already taken.']);
  assert.is((await app.api('PUT', `${W}/slug`, { body: { slug: 'nokey' } })).status, 401);
  const member = await app.services.workspaces.createApiKey(
    { workspaceId: pro.workspaceId, role: 'member' },
    operatorContext(pro.workspaceId),
  );
  assert.is((await app.api('PUT', `${W}/slug`, { apiKey: member.apiKey, body: { slug: 'member-slug' } })).status, 403);
  const free = await app.createWorkspace('free');
  const refused = await app.api('PUT', `${W}/slug`, { apiKey: free.apiKey, body: { slug: 'free-slug' } });
  assert.is(refused.status, 403);
  assert.is(refused.body.code, 'PLAN_UPGRADE_REQUIRED');
  assert.equal(
    (await app.api('GET', `${W}/check-slug/free-slug`)).body.available,
    true,
    'a refused claim reserves nothing',
  );
  assertBad(await app.api('PUT', `${W}/slug`, { apiKey: pro.apiKey, body: { slug: 'www' } }), 'slug');
});

test('an admin key without the write scope reads the workspace but changes nothing', async () => {
  const ws = await app.createWorkspace('pro');
  const readOnly = (
    await app.services.workspaces.createApiKey(
      { workspaceId: ws.workspaceId, role: 'admin', scopes: ['read'] },
      operatorContext(ws.workspaceId),
    )
  ).apiKey;
  assert.is((await app.api('GET', `${W}/branding`, { apiKey: readOnly })).status, 200);
  assert.is((await app.api('GET', `${W}/media`, { apiKey: readOnly })).status, 200);
  for (const [method, path, body] of [
    ['PUT', '/slug', { slug: 'readonly-co' }],
    ['PATCH', '/branding', { tagline: 'ro' }],
    ['PATCH', '/organization', { website: 'https://ro.example' }],
    ['PUT', '/media/order', { ids: [] }],
    ['DELETE', '/media/aaaaaaaaaaaaaaaaaaaaaaaa', undefined],
  ] as const) {
    const r = await app.api(method, `${W}${path}`, { apiKey: readOnly, body });
    assert.equal([r.status, r.body.code], [403, 'INSUFFICIENT_SCOPE'], `${method} ${path}`);
  }
  const branding = await app.api('GET', `${W}/branding`, { apiKey: ws.apiKey });
  assert.is(branding.body.slug, null);
  assert.is.not(branding.body.branding.tagline, 'ro');
});

test('two workspaces racing for one slug: exactly one wins, the other gets 409', async () => {
  const racers = await Promise.all([
    app.createWorkspace('starter'),
    app.createWorkspace('starter'),
    app.createWorkspace('business'),
  ]);
  const answers = await Promise.all(
    racers.map((w) => app.api('PUT', `${W}/slug`, { apiKey: w.apiKey, body: { slug: 'raced-slug' } })),
  );
  assert.equal(answers.map((a) => a.status).sort(), [200, 409, 409]);
  assert.ok(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'SLUG_TAKEN'));
});

test('a slug given up stays with its workspace for 30 days: others get 409, the workspace takes it back', async () => {
  const w = await app.createWorkspace('starter');
  assert.is((await app.api('PUT', `${W}/slug`, { apiKey: w.apiKey, body: { slug: 'first-name' } })).status, 200);
  assert.is((await app.api('PUT', `${W}/slug`, { apiKey: w.apiKey, body: { slug: 'second-name' } })).status, 200);
  const check = await app.api('GET', `${W}/check-slug/first-name`);
  assert.equal([check.body.available, check.body.reason], [false, SLUG_COOLING_DOWN]);
  const other = await app.createWorkspace('starter');
  const refused = await app.api('PUT', `${W}/slug`, { apiKey: other.apiKey, body: { slug: 'first-name' } });
  assert.equal([refused.status, refused.body.code, refused.body.error], [409, 'SLUG_TAKEN', SLUG_COOLING_DOWN]);
  assert.is((await app.api('GET', `${W}/public/branding/first-name`)).status, 404);
  assert.is((await app.api('PUT', `${W}/slug`, { apiKey: w.apiKey, body: { slug: 'first-name' } })).status, 200);
  assert.is((await app.api('GET', `${W}/public/branding/first-name`)).body.workspaceId, w.workspaceId);
  assert.is((await app.api('GET', `${W}/check-slug/second-name`)).body.available, false);
});

test('after the cool-down, judged from the release event, another workspace may claim the slug', async () => {
  const w = await app.createWorkspace('starter');
  const other = await app.createWorkspace('starter');
  let now = new Date('2030-01-01T00:00:00Z');
  const { aggregates, reservations } = app.services;
  const branding = new BrandingCommands({
    aggregates,
    reservations,
    ownOrigin: '',
    serviceSlugs: [],
    clock: () => now,
  });
  const ctx = (workspaceId: string) => ({ ...operatorContext(workspaceId), workspaceId });
  await branding.claimSlug('cooled-name', ctx(w.workspaceId));
  await branding.claimSlug('kept-name', ctx(w.workspaceId));
  now = new Date('2030-01-30T23:59:00Z');
  assert.is((await branding.slugAvailability('cooled-name', other.workspaceId)).available, false);
  assert.is((await branding.slugAvailability('cooled-name', w.workspaceId)).available, true);
  const early = await branding.claimSlug('cooled-name', ctx(other.workspaceId)).catch((err: Error) => err);
  assert.instance(early, ConflictError);
  assert.is((early as ConflictError).message, SLUG_COOLING_DOWN);
  now = new Date('2030-01-31T00:00:01Z');
  assert.is((await branding.slugAvailability('cooled-name')).available, true);
  assert.equal(await branding.claimSlug('cooled-name', ctx(other.workspaceId)), { slug: 'cooled-name' });
});

test("the brand's look-alikes and the service's own host label cannot be claimed", async () => {
  for (const slug of ['confab', 'confab-help']) {
    const check = await app.api('GET', `${W}/check-slug/${slug}`);
    assert.is(check.body.available, false, slug);
    assertBad(await app.api('PUT', `${W}/slug`, { apiKey: pro.apiKey, body: { slug } }), 'slug');
  }
});

test('branding and organization: set, read back, and every bad field is a 400 that stores nothing', async () => {
  const patch = await app.api('PATCH', `${W}/branding`, {
    apiKey: pro.apiKey,
    body: {
      displayName: 'Acme',
      primaryColor: '#ff5500',
      secondaryColor: '#123456',
      tagline: 'Help, fast.',
      loginLogo: 'https://cdn.example.com/logo.png',
      display: { fit: 'contain', position: 'top-left', cardPosition: '25,75' },
    },
  });
  assert.is(patch.status, 200, JSON.stringify(patch.body));
  assert.equal(patch.body.branding, {
    loginLogo: 'https://cdn.example.com/logo.png',
    companyLogo: null,
    primaryColor: '#FF5500',
    secondaryColor: '#123456',
    tagline: 'Help, fast.',
    display: { fit: 'contain', position: 'top-left', cardPosition: '25,75' },
  });
  assert.is(patch.body.loginUrl, 'https://acme-shop.confab.test/login');
  const org = await app.api('PATCH', `${W}/organization`, {
    apiKey: pro.apiKey,
    body: {
      description: 'We sell anvils.',
      website: 'https://acme.example',
      industry: 'Retail',
      companySize: '11-50',
      country: 'de',
      timezone: 'Europe/Berlin',
    },
  });
  assert.is(org.status, 200, JSON.stringify(org.body));
  assert.equal(org.body.organization, {
    description: 'We sell anvils.',
    website: 'https://acme.example/',
    industry: 'Retail',
    companySize: '11-50',
    country: 'DE',
    timezone: 'Europe/Berlin',
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['branding', { primaryColor: 'red' }, 'primaryColor'],
    ['branding', { secondaryColor: '#12345' }, 'secondaryColor'],
    ['branding', { loginLogo: 'http://elsewhere.example/logo.png' }, 'loginLogo'],
    ['branding', { companyLogo: 'javascript:alert(1)' }, 'companyLogo'],
    ['branding', { tagline: 'x'.repeat(151) }, 'tagline'],
    ['branding', { display: { fit: 'stretch' } }, 'display.fit'],
    ['branding', { display: { position: 'middle' } }, 'display.position'],
    ['branding', { display: { cardPosition: '101,5' } }, 'display.cardPosition'],
    ['branding', { displayName: '' }, 'displayName'],
    ['branding', { favicon: 'x' }, 'favicon'],
    ['organization', { description: 'x'.repeat(501) }, 'description'],
    ['organization', { website: 'ftp://acme.example' }, 'website'],
    ['organization', { industry: 'Mining' }, 'industry'],
    ['organization', { companySize: '2-5' }, 'companySize'],
    ['organization', { country: 'XX' }, 'country'],
    ['organization', { timezone: 'Mars/Olympus' }, 'timezone'],
  ];
  for (const [path, body, field] of bad)
    assertBad(await app.api('PATCH', `${W}/${path}`, { apiKey: pro.apiKey, body }), field);
  const after = await app.api('GET', `${W}/branding`, { apiKey: pro.apiKey });
  assert.equal(after.body.branding.primaryColor, '#FF5500', 'nothing stored by the refused PATCHes');
  assert.equal(after.body.organization.country, 'DE');
});

test('public branding: the documented shape, nothing private, cacheable, 404 for an unknown slug', async () => {
  const r = await app.api('GET', `${W}/public/branding/acme-shop`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(keysOf(r.body), ['branding', 'displayName', 'organization', 'slug', 'workspaceId']);
  assert.equal(keysOf(r.body.branding), ['activeLoginMedia', 'loginLogo', 'primaryColor', 'secondaryColor', 'tagline']);
  assert.is(r.body.displayName, 'Acme');
  assert.is(r.body.branding.activeLoginMedia, null);
  assert.not.ok('plan' in r.body || 'companyLogo' in r.body.branding);
  assert.match(r.headers.get('cache-control') ?? '', /max-age=/);
  const etag = r.headers.get('etag');
  assert.ok(etag);
  const again = await app.api('GET', `${W}/public/branding/acme-shop`, { headers: { 'if-none-match': etag! } });
  assert.is(again.status, 304);
  assert.is((await app.api('GET', `${W}/public/branding/nobody-here`)).status, 404);
});

test('countries: every ISO 3166-1 country with a name', async () => {
  const r = await app.api('GET', `${W}/countries`);
  assert.ok(r.body.countries.length >= 195);
  assert.ok(r.body.countries.some((c: { code: string; name: string }) => c.code === 'DE' && c.name === 'Germany'));
});

test('the OpenAPI document lists the workspace endpoints', async () => {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body;
  for (const p of [
    '/api/v1/workspace/check-slug/{slug}',
    '/api/v1/workspace/slug',
    '/api/v1/workspace/public/branding/{slug}',
    '/api/v1/workspace/branding',
    '/api/v1/workspace/organization',
  ]) {
    assert.ok(doc.paths[p], p);
  }
});

test.run();
