/**
 * Which channels carry the loader: live storefronts that render Scripts API scripts themselves
 * (Stencil, Catalyst), never marketplaces, POS or marketing channels, headless storefronts on
 * other platforms, or archived and deleted storefronts. The default storefront comes first.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { carriesLoader, loaderChannelIds } from '../../../domain/storefront/loaderChannels.js';

const storefront = (id: number, status = 'active', platform = 'bigcommerce') => ({
  id,
  type: 'storefront',
  platform,
  status,
});

test('live Stencil and Catalyst storefronts carry it: prelaunch, active and inactive', () => {
  for (const status of ['prelaunch', 'active', 'inactive']) assert.ok(carriesLoader(storefront(1, status)), status);
  assert.ok(carriesLoader(storefront(2, 'active', 'catalyst')));
});

test('archived, deleted and terminated storefronts do not', () => {
  for (const status of ['archived', 'deleted', 'terminated'])
    assert.not.ok(carriesLoader(storefront(1, status)), status);
});

test('marketplaces, POS, marketing channels and other headless storefronts do not', () => {
  const skipped = [
    { id: 3, type: 'marketplace', platform: 'amazon', status: 'connected' },
    { id: 4, type: 'pos', platform: 'square', status: 'connected' },
    { id: 5, type: 'marketing', platform: 'google', status: 'connected' },
    storefront(6, 'active', 'next'),
    storefront(7, 'active', 'wordpress'),
    storefront(8, 'active', 'custom'),
    { id: 9 },
  ];
  for (const c of skipped) assert.not.ok(carriesLoader(c), JSON.stringify(c));
});

test('the ids, ascending (the default storefront first), each once', () => {
  const ids = loaderChannelIds([
    storefront(664180),
    { id: 664179, type: 'marketplace', platform: 'amazon', status: 'connected' },
    storefront(1),
    storefront(664180),
    storefront(12, 'archived'),
  ]);
  assert.equal(ids, [1, 664180]);
  assert.equal(loaderChannelIds([]), []);
});

test.run();
