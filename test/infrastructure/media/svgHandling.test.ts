/** SVG is text file-type cannot see: recognised here by its root element, and cleaned before it is stored. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { looksLikeSvg, sniffMediaType } from '../../../infrastructure/media/mediaSniffer.js';
import { sanitizeSvg } from '../../../infrastructure/media/svgSanitizer.js';
import { EVIL_SVG, PNG } from '../../support/mediaSamples.js';

const svg = (text: string) => looksLikeSvg(Buffer.from(text));

test('an <svg> root is recognised after a BOM, whitespace, the XML declaration, comments and a doctype', () => {
  assert.ok(svg('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  assert.ok(svg('\uFEFF\n  <svg>'));
  assert.ok(svg('<?xml version="1.0"?>\n<!-- made by hand -->\n<!-- twice --><svg\nwidth="1">'));
  assert.ok(svg('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg>'));
  assert.ok(svg('<!DOCTYPE svg [ <!ENTITY e "a>b"> ]><svg/>'), 'an internal subset may hold ">"');
});

test('anything else is not SVG', () => {
  for (const text of ['<svgx>', '<html><svg></svg></html>', '<?xml version="1.0"?><note/>', 'svg', '<!-- <svg> -->', '<!-- unterminated <svg>', '']) {
    assert.not.ok(svg(text), text);
  }
  assert.not.ok(looksLikeSvg(PNG));
});

test('the sniffer answers image/svg+xml for SVG and file-type\'s answer for the rest', async () => {
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
  const clean = sanitizeSvg('<svg><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/><image href="data:text/html;base64,PHNjcmlwdD4="/></svg>')!;
  assert.match(clean, /^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg">/);
  assert.match(clean, /fill="url\(#g\)"/);
  assert.match(clean, /href="data:image\/png;base64,iVBORw0KGgo="/);
  assert.not.ok(clean.includes('data:text/html'));
});

test('a document with no <svg> root left is refused (null)', () => {
  assert.is(sanitizeSvg('<script>alert(1)</script>'), null);
  assert.is(sanitizeSvg('<html><body>hello</body></html>'), null);
});

test.run();
