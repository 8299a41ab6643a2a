/** The workspace API (docs/branding.md) with an admin's session: CSRF on writes, members refused, the user as the actor. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import {
  createSignedInWorkspace,
  hostRequest,
  sessionCookieOf,
  csrfTokenFor,
  originOf,
  startSignInApp,
} from '../../support/signIn.js';
import { linkIn, latestMailTo } from '../../support/signInMail.js';

const W = '/api/v1/workspace';
let app: TestApp;

test.before(async () => {
  app = await startSignInApp();
});
test.after(async () => {
  await app.close();
});

test('an admin session reads and writes the branding; writes need the CSRF token; events name the user', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'brand-session' });
  const read = await hostRequest(app, 'GET', `${W}/branding`, { origin: ws.origin, cookie: ws.cookie });
  assert.is(read.status, 200, read.text);
  assert.is(read.body.slug, 'brand-session');
  const body = { tagline: 'Signed in and saving' };
  const noToken = await hostRequest(app, 'PATCH', `${W}/branding`, { origin: ws.origin, cookie: ws.cookie, body });
  assert.is(noToken.status, 403);
  assert.is(noToken.body.code, 'CSRF');
  const crossSite = await hostRequest(app, 'PATCH', `${W}/branding`, {
    origin: ws.origin,
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    headers: { origin: 'https://evil.example' },
    body,
  });
  assert.is(crossSite.status, 403);
  const saved = await hostRequest(app, 'PATCH', `${W}/branding`, {
    origin: ws.origin,
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    body,
  });
  assert.is(saved.status, 200, saved.text);
  assert.is(saved.body.branding.tagline, 'Signed in and saving');
  const events = await app.services.events.readStream(`workspace-${ws.workspaceId}`);
  const last = events.at(-1)!;
  assert.equal(last.metadata.actor, { type: 'user', id: ws.ownerId });
  // The admin key still works, as before.
  assert.is((await app.api('GET', `${W}/branding`, { apiKey: ws.apiKey })).status, 200);
});

test('no session is 401; a member is 403; another workspace host does not take the cookie', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'brand-member' });
  assert.is((await hostRequest(app, 'GET', `${W}/branding`, { origin: ws.origin })).status, 401);
  const invited = await hostRequest(app, 'POST', '/api/v1/dashboard/invites', {
    origin: ws.origin,
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    body: { email: 'brand-member@example.com', role: 'member' },
  });
  assert.is(invited.status, 201, invited.text);
  const link = linkIn(latestMailTo(app, 'brand-member@example.com'), '/invite');
  const joined = await hostRequest(app, 'POST', '/auth/invite/accept', {
    origin: link.origin,
    body: { token: link.searchParams.get('token'), name: 'M', password: 'member-pass-1' },
  });
  const cookie = sessionCookieOf(joined)!;
  const csrfToken = await csrfTokenFor(app, cookie, link.origin);
  const member = await hostRequest(app, 'PATCH', `${W}/branding`, {
    origin: ws.origin,
    cookie,
    csrfToken,
    body: { tagline: 'x' },
  });
  assert.is(member.status, 403);
  assert.is(member.body.code, 'INSUFFICIENT_ROLE');
  const other = await createSignedInWorkspace(app, 'pro', { slug: 'brand-other' });
  assert.is((await hostRequest(app, 'GET', `${W}/branding`, { origin: other.origin, cookie: ws.cookie })).status, 401);
});

test('a slug in its cool-down shows as free to the signed-in admin who gave it up, and only to them', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'cool-mine' });
  const moved = await app.api('PUT', `${W}/slug`, { apiKey: ws.apiKey, body: { slug: 'cool-moved' } });
  assert.is(moved.status, 200, JSON.stringify(moved.body));
  const mine = await hostRequest(app, 'GET', `${W}/check-slug/cool-mine`, { origin: originOf(app), cookie: ws.cookie });
  assert.equal(mine.body, { available: true, slug: 'cool-mine' });
  assert.is((await app.api('GET', `${W}/check-slug/cool-mine`)).body.available, false, 'not to anyone else');
  const other = await createSignedInWorkspace(app, 'pro');
  const theirs = await hostRequest(app, 'GET', `${W}/check-slug/cool-mine`, {
    origin: originOf(app),
    cookie: other.cookie,
  });
  assert.is(theirs.body.available, false);
});

test.run();
