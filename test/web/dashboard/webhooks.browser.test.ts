/**
 * Webhooks through the UI in Chromium against a real local HTTPS receiver: empty states, add an
 * endpoint and see the secret once, a delivery from a real chat shows in the log with status
 * and time, resend (the receiver gets it twice, signed), pause/resume, failure and
 * reactivation, delete, and the Free plan's upgrade note; every state scanned and screenshotted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { reportedSetUp } from '../../support/reportedSetUp.js';
import { startHttpsReceiver, verifySeedSignature, type HttpsReceiver } from '../../support/httpsReceiver.js';
import { systemContext } from '../../../commands/commandContext.js';
import { trustCertificate, WEBHOOK_ENV } from '../../api/dashboard/dashboardFixtures.js';
import { newChatbot, startConversation } from '../../support/visitorChat.js';
import { eventually } from '../../support/waiting.js';
import {
  startDashboardEnv,
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

let env: DashboardEnv;
let receiver: HttpsReceiver;
let owner: SignedInWorkspace;
let secret = '';
let webhookId = '';

test.before(
  reportedSetUp(async () => {
    receiver = await startHttpsReceiver();
    trustCertificate(receiver.caPem);
    env = await startDashboardEnv(WEBHOOK_ENV);
    owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Northwind Traders' });
  }),
);
test.after(async () => {
  await env?.close();
  await receiver?.close();
});

const hookRequests = () => receiver.requests.filter((r) => r.path === '/hooks/confab');
const logRows = (page: Page) => page.locator('.log-list > li');

test('empty states: no chatbot yet, then no endpoint yet', async () => {
  const opened = await openDashboard(env, owner, '/webhooks');
  const { page } = opened;
  await settled(page);
  await page.getByRole('heading', { name: 'No webhook endpoints yet' }).waitFor();
  await page.getByText('Create a chatbot first').waitFor();
  assert.ok(await page.getByRole('button', { name: 'Add endpoint' }).first().isDisabled(), 'no chatbot, no endpoint');
  await checkPage(opened, 'webhooks-no-chatbot');
  await newChatbot(env.app, owner.apiKey, 'Support bot');
  await page.reload();
  await settled(page);
  assert.ok(await page.getByRole('button', { name: 'Add endpoint' }).first().isEnabled());
  await checkPage(opened, 'webhooks-empty');
  await page.context().close();
});

test('add an endpoint: the secret is shown once, then never again', async () => {
  const opened = await openDashboard(env, owner, '/webhooks');
  const { page } = opened;
  await settled(page);
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await dialog.waitFor();
  // Plain http: the form itself says so, in the field's words, and sends nothing.
  let posts = 0;
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/dashboard/webhooks') && posts++);
  await dialog.getByLabel('Endpoint URL').fill('http://example.com/hook');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await dialog.locator('.field-error').first().waitFor();
  assert.is(await dialog.locator('.field-error').first().innerText(), 'Endpoint URL must start with https://.');
  assert.is(posts, 0, 'nothing sent');
  // What only the server knows (the host is local): its message, with the field's label.
  await dialog.getByLabel('Endpoint URL').fill('https://localhost/hook');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await dialog.locator('.field-error', { hasText: /^Endpoint URL must not point to localhost/ }).waitFor();
  // The refused POST is the one failed request this test provokes.
  const provoked = opened.problems.splice(0);
  assert.ok(provoked.length > 0 && provoked.every((p) => / 400\b/.test(p)), provoked.join('\n'));
  await checkPage(opened, 'webhooks-create-dialog');
  await dialog.getByLabel('Endpoint URL').fill(`${receiver.url}/hooks/confab`);
  await dialog.getByLabel('Description').fill('CRM sync');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Save your signing secret' });
  await secretDialog.waitFor();
  await secretDialog.getByText('This is the only time the secret is shown').waitFor();
  secret = await secretDialog.getByLabel('Signing secret').inputValue();
  assert.match(secret, /^[0-9a-f]{64}$/);
  await checkPage(opened, 'webhooks-secret-once');
  await secretDialog.getByRole('button', { name: 'I have saved the secret' }).click();
  await secretDialog.waitFor({ state: 'hidden' });

  const row = page.getByRole('row', { name: /hooks\/confab/ });
  await row.getByText('Active').waitFor();
  assert.ok(!(await page.content()).includes(secret), 'the secret leaves the page with the dialog');
  await page.reload();
  await settled(page);
  assert.ok(!(await page.content()).includes(secret), 'and is not answered again');
  await page.getByRole('heading', { name: 'No deliveries yet' }).waitFor();
  const list = await env.app.api('GET', '/api/v1/external/v1/webhooks', { apiKey: owner.apiKey });
  webhookId = list.body.data[0].id;
  await checkPage(opened, 'webhooks-list');
  await page.context().close();
});

test('a chat delivers to the receiver; the log shows status and time, the payload on demand; resend reaches the receiver again', async () => {
  const botId = (await env.app.api('GET', '/api/v1/external/v1/chatbots', { apiKey: owner.apiKey })).body.data[0].id;
  await startConversation(env.app, botId);
  await eventually(async () => hookRequests().length === 1, 10_000, 'the first delivery');
  assert.ok(verifySeedSignature(hookRequests()[0], secret), 'signed with the secret the page showed');

  const opened = await openDashboard(env, owner, '/webhooks');
  const { page } = opened;
  await settled(page);
  await eventually(
    async () => {
      if ((await logRows(page).count()) > 0) return true;
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(300);
      return false;
    },
    10_000,
    'the log row',
  );
  const first = logRows(page).first();
  await first.locator('.badge', { hasText: '200' }).waitFor();
  await first.getByText('conversation.started').waitFor();
  assert.match(await first.locator('.log-ms').innerText(), /^\d+ ms$/);
  assert.ok((await first.locator('.log-when').innerText()).length > 5, 'the time of the attempt');
  await first.getByRole('button', { name: /Details of conversation.started/ }).click();
  const payload = await first.getByLabel('Payload').innerText();
  assert.equal(JSON.parse(payload), JSON.parse(hookRequests()[0].rawBody.toString('utf8')));
  await checkPage(opened, 'webhooks-log-expanded');

  await first.getByRole('button', { name: /^Resend conversation.started/ }).click();
  await page.getByText('Resend queued').waitFor();
  await eventually(async () => hookRequests().length === 2, 10_000, 'the resent delivery');
  const [a, b] = hookRequests();
  assert.is(b.rawBody.toString('utf8'), a.rawBody.toString('utf8'), 'the same payload');
  assert.ok(verifySeedSignature(b, secret), 'with a valid signature');
  assert.is.not(b.headers['x-webhook-delivery-id'], a.headers['x-webhook-delivery-id'], 'as a new delivery');
  await eventually(
    async () => {
      if ((await logRows(page).count()) === 2) return true;
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(300);
      return false;
    },
    10_000,
    'the resend in the log',
  );
  await logRows(page).first().locator('.log-meta', { hasText: 'resend' }).waitFor();
  assert.equal(opened.problems, []);
  await page.context().close();
});

test('pause and resume', async () => {
  const opened = await openDashboard(env, owner, '/webhooks');
  const { page } = opened;
  await settled(page);
  const row = page.getByRole('row', { name: /hooks\/confab/ });
  await row.getByRole('button', { name: /^Pause / }).click();
  await row.getByText('Paused', { exact: true }).waitFor();
  await page.getByText('Webhook paused').waitFor();
  assert.ok(
    await logRows(page)
      .first()
      .getByRole('button', { name: /^Resend/ })
      .isDisabled(),
    'no resend while paused',
  );
  await checkPage(opened, 'webhooks-paused');
  await row.getByRole('button', { name: /^Resume / }).click();
  await row.getByText('Active', { exact: true }).waitFor();
  await page.context().close();
});

test('forced failures set the webhook to failed; reactivate brings it back and deliveries flow again', async () => {
  receiver.respondWith(() => ({ status: 500, body: { error: 'down' } }));
  const botId = (await env.app.api('GET', '/api/v1/external/v1/chatbots', { apiKey: owner.apiKey })).body.data[0].id;
  const before = hookRequests().length;
  await startConversation(env.app, botId);
  // The first try and its 3 retries all fail (WEBHOOK_RETRY_DELAYS_MS is short here).
  // Generous: on the embedded store, beside a browser and other suites, the four rounds of claim,
  // send and log once took over 10 s.
  await eventually(async () => hookRequests().length === before + 4, 30_000, 'four failed attempts');
  await eventually(
    async () => {
      const w = (await env.app.api('GET', '/api/v1/external/v1/webhooks', { apiKey: owner.apiKey })).body.data[0];
      return w.failureCount === 1;
    },
    10_000,
    'the failure counted',
  );
  // Nine more failed deliveries, recorded the way the dispatcher records them.
  const ctx = systemContext('test', owner.workspaceId);
  for (let i = 0; i < 9; i++)
    await env.app.services.webhooks.recordFailure(
      webhookId,
      { deliveryId: `dlv_forced${i}`, at: new Date().toISOString(), statusCode: 500, error: 'HTTP 500', gone: false },
      ctx,
    );
  receiver.respondWith(() => ({ status: 200, body: { ok: true } }));

  const opened = await openDashboard(env, owner, '/webhooks');
  const { page } = opened;
  await settled(page);
  const row = page.getByRole('row', { name: /hooks\/confab/ });
  await row.getByText('Failed', { exact: true }).waitFor();
  await row.locator('.fail-count', { hasText: '10 failed in a row' }).waitFor();
  await page.getByText('Stopped after 10 failed deliveries in a row').first().waitFor();
  await logRows(page).first().locator('.badge', { hasText: '500' }).waitFor();
  assert.ok(
    await logRows(page)
      .first()
      .getByRole('button', { name: /^Resend/ })
      .isDisabled(),
    'no resend while failed',
  );
  await checkPage(opened, 'webhooks-failed');

  await row.getByRole('button', { name: /^Reactivate / }).click();
  await page.getByText('Webhook reactivated').waitFor();
  await row.getByText('Active', { exact: true }).waitFor();
  const delivered = hookRequests().length;
  await startConversation(env.app, botId);
  await eventually(async () => hookRequests().length === delivered + 1, 10_000, 'a delivery after reactivation');
  await page.context().close();
});

test('delete asks first, then removes the endpoint and its log', async () => {
  const opened = await openDashboard(env, owner, '/webhooks');
  const { page } = opened;
  await settled(page);
  await page
    .getByRole('row', { name: /hooks\/confab/ })
    .getByRole('button', { name: /^Delete / })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
  await confirm.waitFor();
  await checkPage(opened, 'webhooks-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete webhook' }).click();
  await page.getByRole('heading', { name: 'No webhook endpoints yet' }).waitFor();
  await page.context().close();
});

test('the Free plan sees an upgrade note and no webhook request is made', async () => {
  const free = await createSignedInWorkspace(env.app, 'free', { name: 'Tiny Shop' });
  const opened = await openDashboard(env, free, '/webhooks');
  await opened.page.getByRole('heading', { name: 'The Starter plan unlocks webhooks' }).waitFor();
  await opened.page.getByText('Tiny Shop is on the Free plan. Upgrade to Starter or above to use webhooks.').waitFor();
  await checkPage(opened, 'webhooks-free-plan');
  const webhookRequests = await opened.page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => url.includes('/api/v1/dashboard/webhooks')),
  );
  assert.equal(webhookRequests, [], 'no webhook request');
  await opened.page.context().close();
});

test.run();
