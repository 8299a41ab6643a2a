/**
 * The public ad click answers on the main host and on the host of the workspace that owns the
 * link, never on another workspace's host (docs/branding.md): a tenant's login page cannot
 * lend its name to another tenant's redirect.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import { hostRequest, originOf, startSignInApp } from '../../support/signIn.js';
import { mediaItem, W, workspaceWithSlug, type AdWorkspace } from '../../support/adClickHarness.js';

const AD = 'https://advertiser.example/offer';
let app: TestApp;
let acme: AdWorkspace;
let acmeAd: string;

test.before(async () => {
  app = await startSignInApp();
  acme = await workspaceWithSlug(app, 'acme-host-ads');
  await workspaceWithSlug(app, 'bravo-host-ads');
  acmeAd = await mediaItem(app, acme, AD);
});
test.after(async () => {
  await app.close();
});

const adClick = (origin: string, slug = acme.slug) =>
  hostRequest(app, 'GET', `${W}/public/ad-click/${slug}/${acmeAd}`, { origin });

test("the owner's host and the main host follow the link", async () => {
  for (const origin of [originOf(app, acme.slug), originOf(app, acme.slug.toUpperCase()), originOf(app)]) {
    const res = await adClick(origin);
    assert.is(res.status, 302, origin);
    assert.is(res.headers.location, AD, origin);
  }
});

test("another workspace's host, or a host of no workspace, answers 404 and sends nobody on", async () => {
  for (const origin of [originOf(app, 'bravo-host-ads'), originOf(app, 'nobody-here')]) {
    const res = await adClick(origin);
    assert.is(res.status, 404, origin);
    assert.is(res.headers.location, undefined, origin);
    assert.is(res.body.code, 'NOT_FOUND', origin);
  }
});

test.run();
