/**
 * The owner's account through the key door: only the owner's own keys reach it (created in
 * their dashboard, or with the workspace). A key an invited admin mints is refused, for the
 * profile and the email change alike, with 403 ACCOUNT_OWNER_ONLY.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { as, createSignedInWorkspace, DASH, startSignInApp, type TestApp } from '../../dashboard/dashboardHarness.js';
import { memberOf } from '../../dashboard/dashboardFixtures.js';
import { hostRequest } from '../../../support/signIn.js';

const ACCOUNT = '/api/v1/external/v1/account';
let app: TestApp;

test.before(async () => {
  app = await startSignInApp();
});
test.after(async () => {
  await app.close();
});

async function mintKey(who: { origin: string; cookie: string; csrfToken: string }): Promise<string> {
  const r = await hostRequest(app, 'POST', `${DASH}/api-keys`, {
    ...who,
    body: { role: 'admin', scopes: ['read', 'write', 'account:write'] },
  });
  assert.is(r.status, 201, r.text);
  return r.body.apiKey;
}

test("an invited admin's key gets 403 ACCOUNT_OWNER_ONLY on the owner's account; the owner's keys get it", async () => {
  const owner = await createSignedInWorkspace(app, 'pro');
  const admin = await memberOf(app, owner, 'admin');
  const adminKey = await mintKey(admin);
  for (const [method, path, body] of [
    ['GET', ACCOUNT, undefined],
    ['PATCH', ACCOUNT, { phone: '+15550100' }],
    ['POST', `${ACCOUNT}/email/request-change`, { newEmail: 'taken-over@example.com' }],
    ['POST', `${ACCOUNT}/email/verify-identity`, { newEmail: 'taken-over@example.com', otp: '123456' }],
    ['POST', `${ACCOUNT}/email/confirm-change`, { newEmail: 'taken-over@example.com', otp: '123456' }],
  ] as const) {
    const r = await app.api(method, path, { apiKey: adminKey, body });
    assert.is(r.status, 403, `${method} ${path}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.code, 'ACCOUNT_OWNER_ONLY');
  }
  const ownerKey = await mintKey(owner);
  const mine = await app.api('GET', ACCOUNT, { apiKey: ownerKey });
  assert.is(mine.status, 200, JSON.stringify(mine.body));
  assert.is(mine.body.data.email, owner.email);
  assert.is(mine.body.data.phone, null, 'the refused PATCH changed nothing');
  const withWorkspace = await app.api('PATCH', ACCOUNT, { apiKey: owner.apiKey, body: { phone: '+15550101' } });
  assert.is(withWorkspace.status, 200, JSON.stringify(withWorkspace.body));
  // The admin's key still works for the workspace itself.
  assert.is((await app.api('GET', '/api/v1/external/v1/chatbots', { apiKey: adminKey })).status, 200);
  // The admin's own profile is theirs through their session.
  assert.is((await as(app, { ...owner, ...admin })('GET', `${DASH}/account`)).body.data.email, admin.email);
});

test.run();
