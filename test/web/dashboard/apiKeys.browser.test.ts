/**
 * API keys through the UI in Chromium: the list, create with a role and scopes (the key shown
 * once, then never again), the key working on the External API and its last use showing,
 * revoke after a confirmation (the key then gets 401), and a member kept out.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memberOf } from '../../api/dashboard/dashboardFixtures.js';
import {
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  startDashboardEnv,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

let env: DashboardEnv;
let owner: SignedInWorkspace;
let createdKey = '';

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'starter', { name: 'Northwind Traders' });
});
test.after(async () => {
  await env?.close();
});

test("the list shows the owner's first key; create a read-only member key and see it once", async () => {
  const opened = await openDashboard(env, owner, '/api-keys');
  const { page } = opened;
  await settled(page);
  const prefix = owner.apiKey.slice(0, 12);
  await page
    .getByRole('row', { name: new RegExp(prefix) })
    .locator('.badge', { hasText: 'Active' })
    .waitFor();
  await checkPage(opened, 'api-keys');
  const reference = page.getByRole('link', { name: 'API reference' });
  assert.is(await reference.getAttribute('href'), '/docs', 'the page links to the rendered API reference');
  const referenceUrl = await reference.evaluate((a) => (a as HTMLAnchorElement).href);
  assert.is((await page.request.get(referenceUrl)).status(), 200, referenceUrl);

  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.waitFor();
  await dialog.getByLabel('Role').selectOption('member');
  await dialog.getByRole('checkbox', { name: /^write/ }).uncheck();
  await checkPage(opened, 'api-keys-create-dialog');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your API key' });
  await shown.waitFor();
  await shown.getByText('This is the only time the key is shown').waitFor();
  createdKey = await shown.getByLabel('API key').inputValue();
  assert.match(createdKey, /^cfb_/);
  await checkPage(opened, 'api-keys-key-once');
  await shown.getByRole('button', { name: 'I have copied the key' }).click();
  await shown.waitFor({ state: 'hidden' });
  const row = page.getByRole('row', { name: new RegExp(createdKey.slice(0, 12)) });
  await row.locator('.badge', { hasText: 'Member' }).waitFor();
  assert.is(await row.locator('td').nth(3).innerText(), 'Never');
  assert.ok(!(await page.content()).includes(createdKey), 'the key leaves the page with the dialog');

  // The key works with its scope, and the tab shows its last use.
  assert.is((await env.app.api('GET', '/api/v1/external/v1/chatbots', { apiKey: createdKey })).status, 200);
  assert.is(
    (await env.app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: createdKey, body: { name: 'x' } })).status,
    403,
  );
  await page.reload();
  await settled(page);
  assert.ok(!(await page.content()).includes(createdKey));
  const used = await page
    .getByRole('row', { name: new RegExp(createdKey.slice(0, 12)) })
    .locator('td')
    .nth(3)
    .innerText();
  assert.not.match(used, /Never/);
  await page.context().close();
});

test('revoke asks first; the revoked key gets 401 from the External API', async () => {
  const opened = await openDashboard(env, owner, '/api-keys');
  const { page } = opened;
  await settled(page);
  const prefix = createdKey.slice(0, 12);
  await page.getByRole('button', { name: `Revoke key ${prefix}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await confirm.waitFor();
  await checkPage(opened, 'api-keys-revoke-confirm');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await page
    .getByRole('row', { name: new RegExp(prefix) })
    .locator('.badge', { hasText: 'Revoked' })
    .waitFor();
  assert.is(await page.getByRole('button', { name: `Revoke key ${prefix}` }).count(), 0);
  const refused = await env.app.api('GET', '/api/v1/external/v1/chatbots', { apiKey: createdKey });
  assert.is(refused.status, 401);
  await checkPage(opened, 'api-keys-revoked');
  await page.context().close();
});

test('the Free plan is told its keys have no API access; a member sees "Admins only"', async () => {
  const free = await createSignedInWorkspace(env.app, 'free', { name: 'Tiny Shop' });
  const opened = await openDashboard(env, free, '/api-keys');
  await settled(opened.page);
  await opened.page.getByText('The Free plan has no External API access').waitFor();
  await checkPage(opened, 'api-keys-free-plan');
  await opened.page.context().close();

  const member = await memberOf(env.app, owner);
  const asMember = await openDashboard(env, { ...owner, ...member }, '/api-keys');
  await asMember.page.getByRole('heading', { name: 'Admins only' }).waitFor();
  assert.equal(asMember.problems, []);
  await asMember.page.context().close();
});

test.run();
