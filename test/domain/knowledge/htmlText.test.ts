import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { htmlToText } from '../../../domain/knowledge/htmlText.js';

test('only text is kept: scripts, styles, navigation and comments are dropped with their content', () => {
  const { title, text } = htmlToText(`<!doctype html><html><head><title>Returns &amp; refunds</title>
    <style>body { color: red }</style><script>alert("x")</script></head>
    <body><nav><a href="/">Home</a> Menu</nav><!-- secret comment -->
    <h1>Returns</h1><p>Items can be returned within <b>30&nbsp;days</b>.</p>
    <script type="text/javascript">document.write('<p>injected</p>')</script>
    <ul><li>Unused</li><li>In the box</li></ul><h2>Refunds &lt;fast&gt;</h2><p>To the card &#x2014; in 5 days.</p>
    <noscript>Enable JS</noscript><template><p>hidden</p></template></body></html>`);
  assert.is(title, 'Returns & refunds');
  for (const gone of ['alert', 'color', 'Menu', 'secret', 'injected', 'Enable JS', 'hidden'])
    assert.not.ok(text.includes(gone), `${gone} is still there`);
  assert.ok(text.includes('# Returns\n\nItems can be returned within 30 days.'), text);
  assert.ok(text.includes('- Unused\n- In the box'), text);
  assert.ok(text.includes('## Refunds <fast>'), text);
  assert.ok(text.includes('To the card — in 5 days.'), text);
});

test('a page with <main> keeps only it; unclosed script still drops the rest; NUL entities vanish', () => {
  assert.is(htmlToText('<header>Logo</header><main><p>Body</p></main><footer>Foot</footer>').text, 'Body');
  assert.is(htmlToText('<p>Before</p><script>never closed').text, 'Before');
  assert.is(htmlToText('<p>a&#0;b&#xD800;c</p>').text, 'abc');
});

test.run();
