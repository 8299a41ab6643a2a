/**
 * Account through the UI in Chromium: edit the profile (the time zone from the searchable
 * picker, a field error from the server), the whole three-step email change with the codes
 * read from the outbox, and a password change that keeps this browser signed in.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeIn, latestMailTo } from '../../support/signInMail.js';
import { signIn } from '../../support/signIn.js';
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
  owner = await createSignedInWorkspace(env.app, 'free', { name: 'Northwind Traders' });
});
test.after(async () => {
  await env?.close();
});

test('edit the profile: name, phone, date of birth, address and a time zone picked by search', async () => {
  const opened = await openDashboard(env, owner, '/account');
  const { page } = opened;
  await settled(page);
  await checkPage(opened, 'account');
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('12');
  await page.getByRole('button', { name: 'Save profile' }).click();
  // The server's "phone must …", worded with the field's label.
  await page.locator('.field-error', { hasText: /^Phone must / }).waitFor();
  const provoked = opened.problems.splice(0);
  assert.ok(
    provoked.every((p) => / 400\b/.test(p)),
    provoked.join('\n'),
  );
  await page.getByLabel('Phone').fill('+44 20 7946 0958');
  await page.getByLabel('Date of birth').fill('1985-12-10');
  await page.getByLabel('Address').fill('12 Analytical Row\nLondon');
  const tz = page.getByRole('combobox', { name: 'Time zone' });
  await tz.click();
  await tz.fill('berl');
  await page.getByRole('option', { name: 'Europe/Berlin' }).waitFor();
  await checkPage(opened, 'account-timezone-picker');
  await tz.press('Enter');
  assert.is(await tz.inputValue(), 'Europe/Berlin');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Profile saved.').waitFor();
  await page.reload();
  await settled(page);
  assert.is(await page.getByLabel('Name', { exact: true }).inputValue(), 'Ada Lovelace');
  assert.is(await page.getByLabel('Date of birth').inputValue(), '1985-12-10');
  assert.is(await page.getByRole('combobox', { name: 'Time zone' }).inputValue(), 'Europe/Berlin');
  assert.equal(opened.problems, []);
  await page.context().close();
});

test('the three-step email change with codes from both inboxes', async () => {
  const newEmail = `ada-${Date.now()}@example.org`;
  const opened = await openDashboard(env, owner, '/account');
  const { page } = opened;
  await settled(page);
  await page.getByRole('button', { name: 'Change email' }).click();
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Send code' }).click();
  const currentCode = page.getByLabel(`Code sent to ${owner.email}`);
  await currentCode.waitFor();
  await checkPage(opened, 'account-email-step-2');
  await currentCode.fill(codeIn(latestMailTo(env.app, owner.email)));
  await page.getByRole('button', { name: 'Verify' }).click();
  const newCode = page.getByLabel(`Code sent to ${newEmail}`);
  await newCode.waitFor();
  await newCode.fill(codeIn(latestMailTo(env.app, newEmail)));
  await checkPage(opened, 'account-email-step-3');
  await page.getByRole('button', { name: 'Confirm change' }).click();
  await page.getByText('Email address changed.').waitFor();
  await page.getByText(newEmail, { exact: true }).waitFor();
  assert.match(latestMailTo(env.app, owner.email).subject, /changed/i, 'the old address is told');
  owner = { ...owner, email: newEmail };
  await page.context().close();
});

test('change the password: this browser stays signed in and can keep saving; the new password signs in', async () => {
  const opened = await openDashboard(env, owner, '/account');
  const { page } = opened;
  await settled(page);
  await page.getByLabel('Current password').fill(owner.password);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await page.getByLabel('Repeat new password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.getByText('Password saved.').waitFor();
  // The fresh session's CSRF token is in use: another save still works.
  await page.getByLabel('Name', { exact: true }).fill('Ada King');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Profile saved.').waitFor();
  assert.ok(await signIn(env.app, { email: owner.email, password: 'a-brand-new-password' }));
  assert.equal(opened.problems, []);
  await page.context().close();
});

test.run();
