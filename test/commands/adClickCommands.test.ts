// Recording a click: one AdClicked event on a new adclick-<id> stream, the visitor id rule
// (valid vid, else a keyed pseudonym of address and user agent), no address stored, bots skipped.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AdClickCommands, type AdClickInput } from '../../commands/adClickCommands.js';
import type { ExpectedRevision, NewEvent } from '../../infrastructure/eventStore/eventStore.js';
import { UA } from '../support/userAgents.js';

const now = new Date('2025-05-01T12:00:00.000Z');

function commands(secret = 's'.repeat(64)) {
  const appended: Array<{ streamId: string; events: NewEvent[]; expectedRevision?: ExpectedRevision }> = [];
  const events = {
    async append(streamId: string, evs: NewEvent[], opts?: { expectedRevision?: ExpectedRevision }) {
      appended.push({ streamId, events: evs, expectedRevision: opts?.expectedRevision });
      return { nextExpectedRevision: 0, position: { commit: 1n, prepare: 1n } };
    },
  };
  return { adClicks: new AdClickCommands({ events, clock: () => now, secret }), appended };
}

const click = (over: Partial<AdClickInput> = {}): AdClickInput => ({
  workspaceId: 'w1',
  mediaId: 'm1',
  vid: undefined,
  clientAddress: '198.51.100.7',
  userAgent: UA.iphone,
  requestId: 'r1',
  ...over,
});

test('a click is one AdClicked event on a new stream of its own, by a visitor actor', async () => {
  const { adClicks, appended } = commands();
  const out = await adClicks.recordClick(click({ vid: 'visitor_1' }));
  assert.ok(out.recorded);
  assert.is(appended.length, 1);
  const [{ streamId, events, expectedRevision }] = appended;
  assert.is(streamId, `adclick-${out.recorded ? out.clickId : ''}`);
  assert.is(expectedRevision, 'no_stream');
  assert.is(events[0].type, 'AdClicked');
  assert.equal(events[0].data, {
    workspaceId: 'w1',
    mediaId: 'm1',
    visitorId: 'visitor_1',
    device: 'mobile',
    browser: 'Mobile Safari',
    at: now.toISOString(),
  });
  assert.equal(events[0].metadata.actor, { type: 'visitor', id: 'visitor_1' });
  assert.equal(
    [events[0].metadata.workspaceId, events[0].metadata.requestId, events[0].metadata.occurredAt],
    ['w1', 'r1', now.toISOString()],
  );
});

test('the client address is never stored: not in the data, not in the metadata', async () => {
  const { adClicks, appended } = commands();
  await adClicks.recordClick(click());
  assert.not.match(JSON.stringify(appended), /198\.51\.100\.7/);
  assert.is(appended[0].events[0].metadata.request?.ip, undefined);
});

test('without a valid vid: a pseudonym, the same for the same address and user agent, different otherwise', async () => {
  const { adClicks } = commands();
  const id = adClicks.visitorIdOf(undefined, '198.51.100.7', UA.iphone);
  assert.match(id, /^anon-[0-9a-f]{32}$/);
  assert.is(adClicks.visitorIdOf('bad id!', '198.51.100.7', UA.iphone), id, 'an invalid vid is ignored');
  assert.is(adClicks.visitorIdOf(['a', 'b'], '198.51.100.7', UA.iphone), id, 'a repeated vid is ignored');
  assert.is.not(adClicks.visitorIdOf(undefined, '198.51.100.8', UA.iphone), id, 'another address');
  assert.is.not(adClicks.visitorIdOf(undefined, '198.51.100.7', UA.ipad), id, 'another user agent');
  assert.is(adClicks.visitorIdOf('given-id', '198.51.100.7', UA.iphone), 'given-id');
});

test('the pseudonym is keyed: another server secret gives another id, so it cannot be recomputed from an address', () => {
  const a = commands('a'.repeat(64)).adClicks.visitorIdOf(undefined, '198.51.100.7', UA.iphone);
  const b = commands('b'.repeat(64)).adClicks.visitorIdOf(undefined, '198.51.100.7', UA.iphone);
  assert.is.not(a, b);
});

test('a bot is not recorded', async () => {
  const { adClicks, appended } = commands();
  assert.equal(await adClicks.recordClick(click({ userAgent: UA.googlebot })), { recorded: false, reason: 'bot' });
  assert.is(appended.length, 0);
});

test.run();
