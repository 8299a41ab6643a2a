/**
 * The main host's invite and sign-in-link pages name their workspace only for a live token
 * (api/pages/landingWorkspace.ts): the name as the mails say it, in the page data and the title;
 * nothing for a dead, guessed or missing token, nor without a lookup; a slug host keeps its own
 * branding whatever the token.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorContext } from '../../../commands/commandContext.js';
import { buildLoginBundle, pageDataOf, startLoginApp, type LoginApp } from '../../web/login/loginHarness.js';
import { startLandingServer, stubLookup, type LandingServer } from '../../web/login/landingHarness.js';

let app: LoginApp;
let withLookup: LandingServer;
let withoutLookup: LandingServer;
let workspaceId = '';

test.before(async () => {
  buildLoginBundle();
  app = await startLoginApp();
  ({ workspaceId } = await app.services.workspaces.createWorkspace({ name: 'Harbor Health', plan: 'free', ownerEmail: 'owner@harbor.test' }, operatorContext()));
  withLookup = await startLandingServer(app, stubLookup({ invite: { 'live-invite': workspaceId }, magic: { 'live-link': workspaceId } }));
  withoutLookup = await startLandingServer(app);
});
test.after(async () => {
  await withLookup?.close();
  await withoutLookup?.close();
  await app?.close();
});

async function page(base: string, path: string) {
  const res = await fetch(base + path);
  const html = await res.text();
  return { status: res.status, data: pageDataOf(html), title: /<title>([^<]*)<\/title>/.exec(html)?.[1] };
}

test('a live invite or sign-in link names its workspace, as the mail does', async () => {
  const invite = await page(withLookup.url, '/invite?token=live-invite');
  assert.is(invite.status, 200);
  assert.is(invite.data.workspaceName, 'Harbor Health');
  assert.is(invite.title, 'Accept your invitation · Harbor Health');
  const magic = await page(withLookup.url, '/login/magic?token=live-link');
  assert.is(magic.data.workspaceName, 'Harbor Health');
  assert.is(magic.title, 'Sign in with your link · Harbor Health');
});

test('dead, guessed, wrong-kind or missing tokens name nothing', async () => {
  for (const path of [
    '/invite?token=used-or-expired',
    // An invite token starts with its workspace id: a guess of that shape must reveal nothing.
    `/invite?token=${workspaceId}.${'x'.repeat(43)}`,
    '/invite?token=live-link',
    '/login/magic?token=live-invite',
    '/invite',
    '/login/magic?token=',
  ]) {
    const p = await page(withLookup.url, path);
    assert.is(p.status, 200, path);
    assert.is(p.data.workspaceName, undefined, path);
    assert.not.match(JSON.stringify(p.data), /Harbor/, `${path}: the name is nowhere in the page`);
    assert.match(String(p.title), /· Confab$/, path);
  }
});

test('without a lookup the pages say nothing about any workspace', async () => {
  const p = await page(withoutLookup.url, '/invite?token=live-invite');
  assert.is(p.data.workspaceName, undefined);
  assert.is(p.data.confab, true);
});

test('other pages never ask the lookup', async () => {
  let asked = 0;
  const counting = await startLandingServer(app, {
    inviteWorkspace: async () => (asked++, workspaceId),
    magicLinkWorkspace: async () => (asked++, workspaceId),
  });
  for (const path of ['/login?token=live-invite', '/signup', '/signup/confirm?token=live-link']) await page(counting.url, path);
  await counting.close();
  assert.is(asked, 0);
});

test.run();
