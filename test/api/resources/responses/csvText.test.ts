// RFC 4180 cells and the formula-injection guard.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { csvCell, csvLine } from '../../../../api/resources/responses/csvText.js';

test('plain text, numbers and empty values stay as they are', () => {
  assert.is(csvCell('Ann'), 'Ann');
  assert.is(csvCell(3), '3');
  assert.is(csvCell(null), '');
  assert.is(csvCell(undefined), '');
});

test('commas, quotes and line breaks are quoted, quotes doubled', () => {
  assert.is(csvCell('a,b'), '"a,b"');
  assert.is(csvCell('say "hi"'), '"say ""hi"""');
  assert.is(csvCell('two\nlines'), '"two\nlines"');
  assert.is(csvCell('cr\rhere'), '"cr\rhere"');
});

test('a cell a spreadsheet would run as a formula starts with a single quote', () => {
  for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
    assert.ok(csvCell(text).replace(/^"/, '').startsWith(`'${text[0]}`), text);
  assert.is(csvCell('=HYPERLINK("x","y")'), `"'=HYPERLINK(""x"",""y"")"`);
  assert.is(csvCell('a=b'), 'a=b');
});

test('objects become JSON; a line ends in CRLF', () => {
  assert.is(csvCell({ a: '1' }), '"{""a"":""1""}"');
  assert.is(csvLine(['a', 1, null, 'b,c']), 'a,1,,"b,c"\r\n');
});

test.run();
