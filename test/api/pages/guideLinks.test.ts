/** Where a guide's links lead once the guides are pages: other guides, anchors, or plain text. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { guideHref } from '../../../api/pages/guideLinks.js';

const GUIDES = new Set(['events', 'webhooks-guide', 'README']);
const href = (h: string) => guideHref(h, GUIDES, '/docs/guides');

test('a guide named by its file, from docs/ or from the root, is its page, anchor kept', () => {
  assert.is(href('events.md'), '/docs/guides/events');
  assert.is(href('./events.md#signatures'), '/docs/guides/events#signatures');
  assert.is(href('docs/webhooks-guide.md'), '/docs/guides/webhooks-guide');
  assert.is(href('../docs/README.md#words'), '/docs/guides/README#words');
});

test('anchors, web and mail addresses and the service paths stay as written', () => {
  for (const h of ['#errors', 'https://example.com/x', 'http://localhost:3000', 'mailto:a@b.example', '/docs'])
    assert.is(href(h), h);
});

test('files the service does not serve and unsafe addresses are no link at all', () => {
  for (const h of [
    '../README.md',
    '../DESIGN.md',
    '../sdks/node/README.md',
    '../bench/README.md#conversation-export',
    'nope.md',
    'events.txt',
    '//evil.example/x',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
  ])
    assert.is(href(h), null, h);
});

test.run();
