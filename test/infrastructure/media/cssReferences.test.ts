/** CSS in an uploaded SVG keeps no reference outside the document: url(#id) only, no @import or @font-face. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanCss, cssReachesOutside } from '../../../infrastructure/media/cssReferences.js';
import { cssTokens } from '../../../infrastructure/media/cssTokens.js';

test('the tokenizer reads url() as a browser does: escapes, quotes, whitespace, comments and bad URLs', () => {
  const kinds = (css: string) => cssTokens(css).map((t) => `${t.kind}:${t.value}`);
  assert.equal(kinds('url( https://x/a )'), ['url:https://x/a']);
  assert.equal(kinds('u\\72l(https://x)'), ['url:https://x'], 'an escaped letter still spells url');
  assert.equal(kinds('URL(https://x)'), ['url:https://x']);
  assert.equal(kinds("url( 'https://x')"), ['function:url', 'whitespace:', 'string:https://x', '):']);
  assert.equal(kinds('ur/**/l(x)'), ['ident:ur', 'function:l', 'ident:x', '):'], 'a comment splits the name');
  assert.equal(kinds('1url(x)'), ['number:', '(:', 'ident:x', '):'], 'a unit is not a function name');
  assert.equal(kinds('url(a b)')[0], 'bad-url:a');
  assert.equal(kinds('@\\69mport "x"').slice(0, 1), ['at-keyword:import']);
  assert.equal(kinds('"\\68 ttp"'), ['string:http']);
});

test('a url() that is not a local #id reaches outside, in every spelling', () => {
  for (const value of [
    'url(https://evil.example/a.svg#p)',
    'url(//evil.example/f#x)',
    'url("https://evil.example/m")',
    "url('data:image/svg+xml,<svg/>')",
    'u\\72l(https://evil.example)',
    'url(https://evil.example/c.cur), auto',
    'red url(x.svg#a)',
    'url(a b)',
    'src("https://evil.example")',
    'image-set("https://evil.example/a.png" 1x)',
    '-webkit-image-set(var(--u) 1x)',
    'url(#p) url(https://evil.example)',
  ])
    assert.ok(cssReachesOutside(value), value);
  for (const value of ['url(#g)', 'url( #g )', 'url("#g")', 'red', 'translate(1 2) rotate(3)', 'none'])
    assert.not.ok(cssReachesOutside(value), value);
});

test('a style sheet loses @import, @font-face and every rule or declaration holding an outside url()', () => {
  const css = [
    '@import url(https://evil.example/a.css);',
    '@import "https://evil.example/b.css" screen;',
    '@IMPORT url(c.css);',
    '@\\69mport "d.css";',
    '@font-face { font-family: x; src: url(https://evil.example/f.woff) }',
    '@font-face { font-family: y; src: local(Arial) }',
    'rect { fill: url(#g); stroke: blue; filter: url(https://evil.example/f#x) }',
    '@media screen { circle { mask: url(https://evil.example/m); fill: green } }',
    'a[href=x] { marker-start: url(https://evil.example/m) }',
    'g { & path { clip-path: url(https://evil.example/c) } }',
    '@namespace url(https://evil.example/ns);',
    '.bg { background: image-set("https://evil.example/p.png" 1x); color: red }',
  ].join('\n');
  const kept = cleanCss(css);
  for (const gone of ['@import', '@IMPORT', 'mport', '@font-face', 'font-family', 'evil.example', '.css', 'local('])
    assert.not.ok(kept.includes(gone), `${gone} in ${kept}`);
  for (const stays of ['fill: url(#g);', 'stroke: blue;', 'fill: green', '@media screen', 'color: red', 'a[href=x]'])
    assert.ok(kept.includes(stays), `${stays} not in ${kept}`);
  assert.not.ok(cssReachesOutside(kept));
});

test('a style attribute keeps its other declarations; CSS with nothing outside is left as it is', () => {
  assert.is(cleanCss('fill:url(https://evil.example/a#b); stroke:red'), ' stroke:red');
  assert.is(cleanCss('stroke:red;fill:u\\72l(//evil.example)'), 'stroke:red;');
  const plain = 'rect > g { fill: url(#g) } /* a comment */ @media (min-width: 1px) { g { fill: red } }';
  assert.is(cleanCss(plain), plain);
});

test('unterminated blocks, strings and functions are judged too', () => {
  assert.not.ok(cleanCss('rect { fill: url(https://evil.example').includes('evil'));
  assert.not.ok(cleanCss('rect { fill: url("https://evil.example').includes('evil'));
  assert.not.ok(cleanCss('@import "https://evil.example').includes('evil'));
  assert.is(cleanCss('rect { fill: red'), 'rect { fill: red');
});

test('pathological CSS is judged in linear time: unclosed functions, deep blocks', () => {
  const started = performance.now();
  assert.not.ok(cleanCss(`a { fill: ${'src('.repeat(100_000)}`).includes('src('));
  const deep = `${'a{'.repeat(50_000)}fill:url(https://evil.example)${'}'.repeat(50_000)}`;
  assert.not.ok(cleanCss(deep).includes('evil'));
  assert.not.ok(
    cleanCss(`${'a{'.repeat(20)}b{fill:rgb(1,2,3)}${'}'.repeat(20)}`).includes('fill'),
    'blocks past 16 levels are emptied',
  );
  assert.ok(cleanCss(`${'a{'.repeat(10)}b{fill:rgb(1,2,3)}${'}'.repeat(10)}`).includes('fill:rgb(1,2,3)'));
  assert.ok(performance.now() - started < 3000, `took ${performance.now() - started} ms`);
});

test.run();
