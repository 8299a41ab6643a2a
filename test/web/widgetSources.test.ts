// web/widget/sources.ts: the sources a bot message cites, as the widget reads them from the chat
// API (untrusted): only titled entries, a link only for an http(s) address, numbers kept.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withSources } from '../../web/widget/sources.js';

const bot = () => ({ type: 'bot' as const, message: 'Answer [1][2].' });

test('cited sources are kept with their numbers; a web page keeps its address, pasted text has none', () => {
  const m = withSources(bot(), [
    { ref: 1, sourceId: 'a', title: 'Returns policy', url: null },
    { ref: 2, sourceId: 'b', title: 'Delivery help', url: 'https://shop.example/help' },
  ]);
  assert.equal(m.sources, [
    { ref: 1, title: 'Returns policy', url: null },
    { ref: 2, title: 'Delivery help', url: 'https://shop.example/help' },
  ]);
});

test('an address that is not http(s) is no link; an entry without a title is left out; a missing number is its place', () => {
  const m = withSources(bot(), [
    { ref: 1, title: 'Sneaky', url: 'javascript:alert(1)' },
    { ref: 2, title: '', url: 'https://shop.example/' },
    { title: 'Data', url: 'data:text/html,<b>x</b>' },
    null,
    'text',
  ]);
  assert.equal(m.sources, [
    { ref: 1, title: 'Sneaky', url: null },
    { ref: 2, title: 'Data', url: null },
  ]);
});

test('no sources, an empty list or something else: the message has none', () => {
  for (const raw of [undefined, null, [], 'sources', { 0: { title: 'x' } }])
    assert.is(withSources(bot(), raw).sources, undefined, JSON.stringify(raw));
});

test.run();
