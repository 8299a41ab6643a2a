/** SVG is text file-type cannot see: recognised here by its root element, and cleaned before it is stored. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { looksLikeSvg, sniffMediaType } from '../../../infrastructure/media/mediaSniffer.js';
import { sanitizeSvg } from '../../../infrastructure/media/svgSanitizer.js';
import { SvgRefusedError } from '../../../infrastructure/media/svgReader.js';
import { EVIL_SVG, PNG } from '../../support/mediaSamples.js';

const svg = (text: string) => looksLikeSvg(Buffer.from(text));

test('an <svg> root is recognised after a BOM, whitespace, the XML declaration, comments and a doctype', () => {
  assert.ok(svg('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  assert.ok(svg('\uFEFF\n  <svg>'));
  assert.ok(svg('<?xml version="1.0"?>\n<!-- made by hand -->\n<!-- twice --><svg\nwidth="1">'));
  assert.ok(
    svg('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg>'),
  );
  assert.ok(svg('<!DOCTYPE svg [ <!ENTITY e "a>b"> ]><svg/>'), 'an internal subset may hold ">"');
});

test('anything else is not SVG', () => {
  for (const text of [
    '<svgx>',
    '<html><svg></svg></html>',
    '<?xml version="1.0"?><note/>',
    'svg',
    '<!-- <svg> -->',
    '<!-- unterminated <svg>',
    '',
  ]) {
    assert.not.ok(svg(text), text);
  }
  assert.not.ok(looksLikeSvg(PNG));
});

test("the sniffer answers image/svg+xml for SVG and file-type's answer for the rest", async () => {
  assert.is(await sniffMediaType(EVIL_SVG), 'image/svg+xml');
  assert.is(await sniffMediaType(PNG), 'image/png');
  assert.is(await sniffMediaType(Buffer.from('plain words')), null);
});

test('cleaning keeps the drawing and drops scripts, handlers, foreign objects and every link that leaves the file', () => {
  const clean = sanitizeSvg(EVIL_SVG.toString())!;
  assert.ok(clean.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg'));
  for (const gone of ['script', 'alert', 'onload', 'onclick', 'foreignObject', 'iframe', 'javascript:', 'https://']) {
    assert.not.ok(clean.includes(gone), gone);
  }
  assert.match(clean, /<rect id="box" width="10" height="10" fill="red"\/>/);
  assert.match(clean, /<text>click<\/text>/);
});

test('local references and embedded raster images stay; the namespace is added when the upload left it out', () => {
  const clean = sanitizeSvg(
    '<svg><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/><image href="data:text/html;base64,PHNjcmlwdD4="/></svg>',
  )!;
  assert.match(clean, /^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg">/);
  assert.match(clean, /fill="url\(#g\)"/);
  assert.match(clean, /href="data:image\/png;base64,iVBORw0KGgo="/);
  assert.not.ok(clean.includes('data:text/html'));
});

test('a document with no <svg> root left is refused (null)', () => {
  assert.is(sanitizeSvg('<script>alert(1)</script>'), null);
  assert.is(sanitizeSvg('<html><body>hello</body></html>'), null);
});

const XLINK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">';

test('animation and reference tricks are removed: animate/set, attributeName href, use, aliases of xlink, upper-case names', () => {
  const clean =
    sanitizeSvg(`${XLINK_SVG}<animate attributeName="href" values="javascript:alert(1)"/><set attributeName="onclick" to="alert(2)"/>
    <animateTransform attributeName="href" to="javascript:alert(3)"/><use xlink:href="#box"/>
    <a xmlns:x="http://www.w3.org/1999/xlink" x:href="javascript:alert(4)"><rect id="box"/></a>
    <SCRIPT>alert(5)</SCRIPT><rect onLoad="alert(6)" ONCLICK="alert(7)"/><script xmlns="http://www.w3.org/1999/xhtml">alert(8)</script></svg>`)!;
  for (const gone of [
    '<animate ',
    '<set',
    'attributeName',
    '<use',
    'javascript:',
    'alert',
    'SCRIPT',
    'onLoad',
    'ONCLICK',
    'x:href',
  ])
    assert.not.ok(clean.includes(gone), gone);
  assert.match(clean, /<animateTransform\/>/);
  assert.match(clean, /<a><rect id="box"\/><\/a>/);
});

test('the file is read as XML: comments, processing instructions and the doctype go, CDATA is kept as text, prefixes are understood', () => {
  const clean =
    sanitizeSvg(`<?xml version="1.0"?><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg">
    <?xml-stylesheet href="https://evil.example/x.xsl"?><!-- <script>alert(1)</script> --><s:rect width="1"/>
    <style><![CDATA[rect > g { fill: red }]]></style><text>a &amp; b &#x41;<!-- split -->c</text></svg>`)!;
  for (const gone of ['xml-stylesheet', 'evil.example', '<!--', 'alert', 'DOCTYPE', 's:rect'])
    assert.not.ok(clean.includes(gone), gone);
  assert.match(clean, /<rect width="1"\/>/);
  assert.match(clean, /<style>rect &gt; g \{ fill: red \}<\/style>/);
  assert.match(clean, /<text>a &amp; b Ac<\/text>/);
});

test('elements DOMPurify refuses go with their content, as a browser would not draw it either', () => {
  const clean =
    sanitizeSvg(`${XLINK_SVG}<foo><rect id="inside-unknown"/></foo><g xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></g>
    <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject><rect id="kept"/></svg>`)!;
  for (const gone of ['inside-unknown', 'img', 'onerror', 'foreignObject', 'hi'])
    assert.not.ok(clean.includes(gone), gone);
  assert.match(clean, /<rect id="kept"\/>/);
});

test('markup an HTML parser would multiply stays as small as the XML it is', () => {
  // Under an HTML parser, each <p/> would close the paragraph and reopen all 60 <b> elements
  // inside the next one: 60 × 300 elements from 361 (the audit's 100k-deep file froze it for a minute).
  const bold = Array.from({ length: 60 }, (_, i) => `<b id="b${i}">`).join('');
  const clean = sanitizeSvg(
    `<svg xmlns="http://www.w3.org/2000/svg"><p>${bold}${'<p/>X'.repeat(300)}${'</b>'.repeat(60)}</p><rect/></svg>`,
  );
  assert.is(clean, '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
});

test('CSS reaches nothing outside: @import, @font-face and remote url() in <style>, style and presentation attributes go', () => {
  const clean = sanitizeSvg(`<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"/></defs>
    <style>@import url(https://evil.example/a.css); @font-face { font-family: f; src: url(https://evil.example/f.woff) }
    rect { fill: url(https://evil.example/p.svg#a); stroke: blue } .ok { fill: url(#g) }</style>
    <style>@imp<foo/>ort "https://evil.example/split.css";</style>
    <rect style="fill:url(https://evil.example/s#b); stroke:red" fill="url(https://evil.example/x#y)"
      filter="url(//evil.example/f#x)" mask="url(http://evil.example/m)" clip-path="url('https://evil.example/c')"
      marker-start="url(https://evil.example/ms)" marker-mid="url(#g)" marker-end="u\\72l(https://evil.example/me)"
      cursor="url(https://evil.example/c.cur), auto" stroke="url(#g)"/>
    <text style="font: 12px f; background: image-set('https://evil.example/i.png' 1x)">x</text></svg>`)!;
  for (const gone of ['evil.example', '@import', '@font-face', 'mport', 'filter=', 'mask=', 'clip-path=', 'cursor='])
    assert.not.ok(clean.includes(gone), gone);
  for (const stays of [
    'stroke: blue',
    '.ok { fill: url(#g) }',
    'style=" stroke:red"',
    'marker-mid="url(#g)"',
    'stroke="url(#g)"',
    'style="font: 12px f;',
  ])
    assert.ok(clean.includes(stays), stays);
});

test('malformed XML and files over a limit are refused with the reason, not cleaned', () => {
  assert.throws(
    () => sanitizeSvg('<svg><g></svg>'),
    (err: unknown) => err instanceof SvgRefusedError && err.code === 'SVG_MALFORMED',
  );
  const deep = `<svg>${'<g>'.repeat(5000)}${'</g>'.repeat(5000)}</svg>`;
  assert.throws(
    () => sanitizeSvg(deep),
    (err: unknown) =>
      err instanceof SvgRefusedError && err.code === 'SVG_TOO_COMPLEX' && /100 levels/.test(err.message),
  );
  const limits = { maxElements: 3, maxAttributes: 10, maxAttributesPerElement: 5, maxDepth: 10 };
  assert.ok(sanitizeSvg('<svg><rect/><rect/></svg>', limits));
  assert.throws(
    () => sanitizeSvg('<svg><rect/><rect/><rect/></svg>', limits),
    (err: unknown) => err instanceof SvgRefusedError && /more than 3 elements/.test(err.message),
  );
});

test.run();
