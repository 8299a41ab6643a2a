/**
 * The `workspace` resource end to end against the real service: the four workspace
 * branding endpoints (slug check, slug claim, public branding, ad analytics) and the branding
 * and organization endpoints (docs/branding.md), at `{baseURL}/workspace/…` with bare JSON answers,
 * and their 4xx answers as the usual typed errors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  type APIError,
} from '../../../sdks/node/src/index.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { eventually, startSdkHarness, type SdkHarness } from './support/sdkHarness.js';

let h: SdkHarness;
let client: Confab;
const urls: string[] = [];
const slug = `acme${Date.now().toString(36).slice(-6)}`;

test.before(async () => {
  h = await startSdkHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
  const recording: typeof fetch = (input, init) => (urls.push(String(input)), fetch(input, init));
  client = h.client({ fetch: recording });
});
test.after(async () => h?.close());

async function rejection(p: Promise<unknown>): Promise<APIError> {
  try {
    await p;
  } catch (err) {
    return err as APIError;
  }
  throw new Error('expected the call to fail');
}

test('slug.check: available, or unavailable with a reason (not an error); sent to {baseURL}/workspace', async () => {
  urls.length = 0;
  assert.equal(await client.workspace.slug.check(slug.toUpperCase()), { available: true, slug });
  assert.is(urls[0], `${h.baseURL}/workspace/check-slug/${slug.toUpperCase()}`);
  const reserved = await client.workspace.slug.check('admin');
  assert.equal([reserved.available, reserved.slug], [false, 'admin']);
  assert.match(reserved.reason ?? '', /reserved/);
  const short = await client.workspace.slug.check('ab');
  assert.equal([short.available, typeof short.reason], [false, 'string']);
});

test('slug.update claims it (admin key); then it is taken, and claiming it again changes nothing', async () => {
  const claimed = await client.workspace.slug.update({ slug });
  assert.is(claimed.slug, slug);
  assert.type(claimed.message, 'string');
  assert.is(urls.at(-1), `${h.baseURL}/workspace/slug`);
  assert.equal(await client.workspace.slug.update({ slug }), claimed);
  const check = await client.workspace.slug.check(slug);
  assert.equal([check.available, typeof check.reason], [false, 'string']);
});

test("slug.update errors: another workspace's slug (409), a broken rule (400), a member key (403)", async () => {
  const other = new Confab({ apiKey: (await h.app.createWorkspace('pro')).apiKey, baseURL: h.baseURL });
  const taken = await rejection(other.workspace.slug.update({ slug }));
  assert.instance(taken, ConflictError);
  assert.equal([taken.status, taken.code], [409, 'SLUG_TAKEN']);
  const invalid = await rejection(other.workspace.slug.update({ slug: 'a--b' }));
  assert.instance(invalid, BadRequestError);
  assert.is(invalid.code, 'SLUG_INVALID');
  const { apiKey } = await h.app.services.workspaces.createApiKey(
    { workspaceId: h.workspaceId, role: 'member' },
    operatorContext(),
  );
  const member = new Confab({ apiKey, baseURL: h.baseURL });
  assert.instance(await rejection(member.workspace.slug.update({ slug: 'memberslug' })), PermissionDeniedError);
});

test('branding and organization: retrieve, update only the given fields', async () => {
  const before = await client.workspace.branding.retrieve();
  assert.equal([before.slug, before.workspaceId], [slug, h.workspaceId]);
  assert.match(before.loginUrl, new RegExp(`${slug}\\.`));
  const updated = await client.workspace.branding.update({
    primaryColor: '#112233',
    tagline: 'Hello there',
    display: { fit: 'contain' },
  });
  assert.equal(
    [updated.branding.primaryColor, updated.branding.tagline, updated.branding.display?.fit],
    ['#112233', 'Hello there', 'contain'],
  );
  assert.is(updated.displayName, before.displayName);
  const org = await client.workspace.organization.update({
    description: 'We sell shoes',
    industry: 'Retail',
    country: 'DE',
  });
  assert.equal(
    [org.organization.description, org.organization.industry, org.organization.country],
    ['We sell shoes', 'Retail', 'DE'],
  );
  assert.is(org.branding.primaryColor, '#112233');
  assert.instance(await rejection(client.workspace.branding.update({ primaryColor: 'red' })), BadRequestError);
});

test('branding.retrievePublic: what the login page shows, by slug; an unknown slug is a NotFoundError', async () => {
  const pub = await eventually(
    'public branding',
    () => client.workspace.branding.retrievePublic(slug),
    (b) => b.branding.tagline === 'Hello there',
  );
  assert.equal(
    [pub.slug, pub.workspaceId, pub.branding.primaryColor, pub.branding.activeLoginMedia],
    [slug, h.workspaceId, '#112233', null],
  );
  assert.is(pub.organization.description, 'We sell shoes');
  assert.not.ok('companyLogo' in pub.branding, 'nothing private');
  assert.is(urls.at(-1), `${h.baseURL}/workspace/public/branding/${slug}`);
  const missing = await rejection(client.workspace.branding.retrievePublic('nosuchslug'));
  assert.instance(missing, NotFoundError);
  assert.type(missing.requestId, 'string');
});

test('adAnalytics.retrieve: the last 30 days (Pro plan); below Pro a PermissionDeniedError', async () => {
  const stats = await client.workspace.adAnalytics.retrieve();
  assert.equal([stats.totalClicks, stats.uniqueVisitors, stats.daily.length], [0, 0, 30]);
  assert.equal(stats.devices.map((d) => d.device).sort(), ['desktop', 'mobile', 'tablet']);
  assert.equal(stats.browsers, []);
  assert.is(urls.at(-1), `${h.baseURL}/workspace/ad-analytics`);
  const starter = new Confab({ apiKey: (await h.app.createWorkspace('starter')).apiKey, baseURL: h.baseURL });
  const err = await rejection(starter.workspace.adAnalytics.retrieve());
  assert.instance(err, PermissionDeniedError);
  assert.is(err.code, 'PLAN_UPGRADE_REQUIRED');
});

test.run();
