/**
 * SvgReader: one linear XML pass that refuses an SVG over a complexity limit or not well-formed,
 * as soon as that shows (the audit's 5,000- and 100,000-deep files, and 1.4 million elements).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DEFAULT_SVG_LIMITS,
  SvgReader,
  SvgRefusedError,
  type SvgLimits,
} from '../../../infrastructure/media/svgReader.js';

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg">';
const SMALL: SvgLimits = { maxElements: 10, maxAttributes: 20, maxAttributesPerElement: 3, maxDepth: 4 };

/** Reads `text` (in pieces of `piece` characters) and answers what was counted, or the refusal. */
function read(
  text: string,
  limits: SvgLimits = SMALL,
  piece = text.length || 1,
): { elements: number; attributes: number } | SvgRefusedError {
  const reader = new SvgReader(limits);
  try {
    for (let at = 0; at < text.length; at += piece) reader.write(text.slice(at, at + piece));
    reader.close();
    return { elements: reader.elements, attributes: reader.attributes };
  } catch (err) {
    if (err instanceof SvgRefusedError) return err;
    throw err;
  }
}

function refused(result: ReturnType<typeof read>, code: string, pattern: RegExp) {
  assert.instance(result, SvgRefusedError, JSON.stringify(result));
  const err = result as SvgRefusedError;
  assert.is(err.code, code);
  assert.match(err.message, pattern);
}

test('the defaults: 20,000 elements, 100,000 attributes, 100 per element, 100 levels', () => {
  assert.equal(
    { ...DEFAULT_SVG_LIMITS },
    { maxElements: 20_000, maxAttributes: 100_000, maxAttributesPerElement: 100, maxDepth: 100 },
  );
});

test('a document exactly at every limit is read; one more of anything is refused, naming the limit', () => {
  // 4 levels, 10 elements, 3 attributes on one element (the xmlns declaration counts), 20 in all.
  const atLimits = `<svg xmlns="http://www.w3.org/2000/svg" a="1" b="2"><g x="1" y="2" z="3"><g a="1" b="2" c="3"><g a="1" b="2" c="3"/></g></g>${'<rect a="1" b="2"/>'.repeat(4)}<rect/><rect/></svg>`;
  assert.equal(read(atLimits), { elements: 10, attributes: 20 });
  refused(read(atLimits.replace('<rect/>', '<rect/><rect/>')), 'SVG_TOO_COMPLEX', /more than 10 elements/);
  refused(read(atLimits.replace('<rect/>', '<rect z="1"/>')), 'SVG_TOO_COMPLEX', /more than 20 attributes in all/);
  refused(
    read(atLimits.replace('<rect/>', '<rect a="1" b="2" c="3" d="4"/>'), { ...SMALL, maxAttributes: 100 }),
    'SVG_TOO_COMPLEX',
    /an element has more than 3 attributes/,
  );
  refused(
    read(atLimits.replace('<g a="1" b="2" c="3"/>', '<g><g/></g>')),
    'SVG_TOO_COMPLEX',
    /nested more than 4 levels deep/,
  );
});

test("the audit's files are refused at the limit, without reading on", () => {
  const deep = (n: number) => `${OPEN}${'<g>'.repeat(n)}${'</g>'.repeat(n)}</svg>`;
  for (const n of [5_000, 100_000]) {
    const reader = new SvgReader();
    const text = deep(n);
    let readUpTo = 0;
    const err = (() => {
      try {
        for (; readUpTo < text.length; readUpTo += 1024) reader.write(text.slice(readUpTo, readUpTo + 1024));
      } catch (e) {
        return e as SvgRefusedError;
      }
    })();
    assert.instance(err, SvgRefusedError);
    assert.is(err!.code, 'SVG_TOO_COMPLEX');
    assert.match(err!.message, /nested more than 100 levels deep/);
    assert.ok(readUpTo < 1024, `refused within the first KB, at ${readUpTo}`);
  }
  const flat = `${OPEN}${'<rect/>'.repeat(1_400_000)}</svg>`;
  const reader = new SvgReader();
  let readUpTo = 0;
  assert.throws(
    () => {
      for (; readUpTo < flat.length; readUpTo += 64 * 1024) reader.write(flat.slice(readUpTo, readUpTo + 64 * 1024));
    },
    (err: unknown) =>
      err instanceof SvgRefusedError && err.code === 'SVG_TOO_COMPLEX' && /more than 20,000 elements/.test(err.message),
  );
  assert.ok(readUpTo < 200_000, `refused after 20,001 elements (about 140 KB), at ${readUpTo}`);
});

test('what is not well-formed XML is refused as malformed, saying where', () => {
  const cases: Array<[string, RegExp]> = [
    [`${OPEN}<g></svg>`, /unexpected close tag/],
    [`${OPEN}<rect>`, /unclosed tag/],
    [`${OPEN}<rect a=1/></svg>`, /unquoted attribute value/],
    [`${OPEN}<rect a="1" a="2"/></svg>`, /duplicate attribute/],
    [`${OPEN}</svg><svg/>`, /only one root/],
    [`${OPEN}<text>&nbsp;</text></svg>`, /undefined entity.*only XML's own entities/],
    [`<!DOCTYPE svg [<!ENTITY big "xxxxxxxx">]>${OPEN}<text>&big;&big;</text></svg>`, /undefined entity/],
    [`${OPEN}<rect/>\u0000</svg>`, /disallowed character/],
    [`${OPEN}<foo:rect/></svg>`, /unbound namespace prefix/],
    [`${OPEN}<!-- a -- b --></svg>`, /malformed comment/],
  ];
  for (const [text, pattern] of cases) {
    const result = read(text, DEFAULT_SVG_LIMITS);
    refused(result, 'SVG_MALFORMED', pattern);
    assert.match(
      (result as SvgRefusedError).message,
      /^file is not a well-formed SVG \(XML\) document: .*\(line \d+, column \d+\)/,
    );
  }
});

test('well-formed files in their usual shapes are read, in pieces of any size', () => {
  const files = [
    '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>\n',
    '<svg><a xlink:href="#x"><text>a &amp; b &#x263A; \u{1F600}</text></a></svg>', // no xmlns, an undeclared xlink prefix: forgiven
    `${OPEN}<style><![CDATA[ rect > g { fill: red } ]]></style><?pi data?></svg>`,
  ];
  for (const file of files) {
    const whole = read(file, DEFAULT_SVG_LIMITS);
    assert.not.instance(whole, SvgRefusedError, String(whole));
    for (const piece of [1, 2, 7]) assert.equal(read(file, DEFAULT_SVG_LIMITS, piece), whole);
  }
});

test.run();
