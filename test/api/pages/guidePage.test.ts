/**
 * A guide's HTML document: its title, the header marking the current guide, the contents nested
 * by level (or none for a page with one heading), the title above the contents, the Markdown link.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { guidePageHtml } from '../../../api/pages/guidePage.js';
import type { RenderedGuide } from '../../../api/pages/guideMarkdown.js';

const GUIDE: RenderedGuide = {
  title: 'Webhook <events>',
  titleHtml: '<h1 id="webhook-events">Webhook &#60;events&#62;</h1>\n',
  html: '<p>Body</p>\n',
  contents: [
    { level: 3, id: 'early', text: 'Early' },
    { level: 2, id: 'names', text: 'Names & <more>' },
    { level: 3, id: 'one', text: 'One' },
    { level: 3, id: 'two', text: 'Two' },
    { level: 2, id: 'log', text: 'Log' },
  ],
};

test('titled by the guide, styled from the service, the current guide marked in the header', () => {
  const html = guidePageHtml('events', GUIDE);
  assert.match(html, /<title>Webhook &#60;events&#62; · Confab docs<\/title>/);
  assert.match(html, /<link rel="stylesheet" href="\/docs\/docs\.css\?v=[\w-]+">/);
  assert.match(html, /<a href="\/docs\/guides\/events" aria-current="page">Webhook events<\/a>/);
  assert.is(html.match(/aria-current/g)?.length, 1);
  assert.match(html, /<a href="\/docs\/guides\/events\.md">events\.md<\/a>/);
  assert.not.match(html, /<script|<style/);
});

test('the contents: third levels nested under the second-level heading before them, text escaped', () => {
  const html = guidePageHtml('events', GUIDE);
  const list =
    '<ol><li><a href="#early">Early</a></li><li><a href="#names">Names &#38; &#60;more&#62;</a>' +
    '<ol><li><a href="#one">One</a></li><li><a href="#two">Two</a></li></ol></li>' +
    '<li><a href="#log">Log</a></li></ol>';
  assert.is(html.split(list).length, 3, 'beside the guide and in the box above it');
});

test('the title comes before the contents box, the guide after it; one heading makes no contents', () => {
  const html = guidePageHtml('events', GUIDE);
  const order = ['<h1 id="webhook-events">', '<details class="guide-toc guide-toc-top">', '<p>Body</p>'].map((s) =>
    html.indexOf(s),
  );
  assert.ok(
    order.every((i, k) => i > (order[k - 1] ?? -1)),
    `${order}`,
  );
  const short = guidePageHtml('reliability', { ...GUIDE, contents: [GUIDE.contents[1]] });
  assert.not.match(short, /On this page/);
});

test.run();
