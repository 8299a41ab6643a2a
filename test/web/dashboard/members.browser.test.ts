/**
 * Members through the UI in Chromium: invite by email with a role, the invitee accepts on the
 * invite page in a second browser context (reading the link from the outbox), the owner changes
 * the member's role and removes them after a confirmation; an invitation revoked; a member sees
 * "Admins only".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { latestMailTo, linkIn } from '../../support/signInMail.js';
import { watchPageErrors } from '../../support/pageChecks.js';
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

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'starter', { name: 'Northwind Traders' });
});
test.after(async () => {
  await env?.close();
});

test('invite, accept in a second browser, change the role, remove', async () => {
  const opened = await openDashboard(env, owner, '/members');
  const { page } = opened;
  await settled(page);
  await page.getByRole('heading', { name: 'No pending invitations' }).waitFor();
  await checkPage(opened, 'members-owner-only');

  const email = `grace-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.waitFor();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Role').selectOption('member');
  await checkPage(opened, 'members-invite-dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText(`Invitation sent to ${email}.`).waitFor();
  await page
    .getByRole('row', { name: new RegExp(email) })
    .locator('.badge', { hasText: 'Member' })
    .waitFor();
  await checkPage(opened, 'members-pending');

  // The invitee, in a browser of their own, opens the mailed link and joins.
  const link = linkIn(latestMailTo(env.app, email), '/invite');
  const invitee = await env.browser.newContext();
  const inviteePage = await invitee.newPage();
  const inviteeProblems = watchPageErrors(inviteePage).problems;
  await inviteePage.goto(link.toString());
  await inviteePage.getByLabel('Your name').fill('Grace Hopper');
  await inviteePage.getByLabel('Password').fill('grace-password-1');
  await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
  await inviteePage.locator('main#main h1').first().waitFor();
  assert.match(inviteePage.url(), /\/dashboard/);
  assert.equal(inviteeProblems, []);

  await page.reload();
  await settled(page);
  const row = page.getByRole('row', { name: /Grace Hopper/ });
  await row.waitFor();
  await page.getByRole('heading', { name: 'No pending invitations' }).waitFor();
  await row.getByLabel('Role of Grace Hopper').selectOption('admin');
  await page.getByText('Grace Hopper is now an admin.').waitFor();
  await page.reload();
  await settled(page);
  assert.is(await page.getByLabel('Role of Grace Hopper').inputValue(), 'admin');
  await checkPage(opened, 'members-list');

  await page.getByRole('button', { name: 'Remove Grace Hopper' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this member?' });
  await confirm.waitFor();
  await checkPage(opened, 'members-remove-confirm');
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await page.getByText('Grace Hopper was removed.').waitFor();
  // The toast can come a frame before the list re-renders: wait for the row to go.
  await page.getByRole('row', { name: /Grace Hopper/ }).waitFor({ state: 'detached' });
  assert.is(await page.getByRole('row', { name: /Grace Hopper/ }).count(), 0);
  // Removed: the invitee's session no longer opens the dashboard's data.
  const after = await inviteePage.request.get(new URL('/api/v1/dashboard/account', link.origin).toString());
  assert.is(after.status(), 401);
  await invitee.close();
  await page.context().close();
});

test('revoke an invitation; a member does not get the Members page', async () => {
  const opened = await openDashboard(env, owner, '/members');
  const { page } = opened;
  await settled(page);
  const email = `linus-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this invitation?' });
  await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
  await page.getByText(`The invitation to ${email} was revoked.`).waitFor();
  await page.getByRole('heading', { name: 'No pending invitations' }).waitFor();
  assert.equal(opened.problems, []);

  await page.context().close();

  const member = await memberOf(env.app, owner);
  const asMember = await openDashboard(env, { ...owner, ...member }, '/members');
  await asMember.page.getByRole('heading', { name: 'Admins only' }).waitFor();
  assert.equal(asMember.problems, []);
  await asMember.page.context().close();
});

test.run();
