/**
 * The progress line of long commands: drawn in place on a terminal ("1,234 / 56,789 events"),
 * never more often than a terminal can show, always at the end, and erased when the command
 * ends; nothing at all when stderr is not a terminal. (cli.test.ts runs the CLI itself on a
 * pseudo-terminal and in a pipe.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { progressText, terminalProgress } from '../../cli/progressLine.js';

const ERASE = '\r\x1b[K';

function terminal(isTTY: boolean) {
  const written: string[] = [];
  let now = 0;
  const line = terminalProgress({ isTTY, write: (text: string) => written.push(text) }, () => now);
  return { line, written, advance: (ms: number) => (now += ms) };
}

test('the text counts events with thousands separators, of the total when it is known', () => {
  assert.is(progressText(1234, 56789), '1,234 / 56,789 events');
  assert.is(progressText(1234567, null), '1,234,567 events');
  // Events appended while the command runs never show more done than the total.
  assert.is(progressText(120, 100), '120 / 120 events');
});

test('not a terminal (a pipe, a file): no line, and nothing is written', () => {
  for (const isTTY of [false, undefined]) {
    const written: string[] = [];
    assert.is(terminalProgress({ isTTY, write: (t: string) => written.push(t) }), null);
    assert.equal(written, []);
  }
});

test('a terminal: the line redraws in place at most every 100 ms, always at the end, and is erased at the finish', () => {
  const { line, written, advance } = terminal(true);
  line!.report(1000, 5000);
  advance(30);
  line!.report(2000, 5000); // too soon: skipped
  advance(80);
  line!.report(3000, 5000);
  advance(1);
  line!.report(5000, 5000); // the last one, however soon
  line!.finish();
  assert.equal(written, [
    `${ERASE}1,000 / 5,000 events`,
    `${ERASE}3,000 / 5,000 events`,
    `${ERASE}5,000 / 5,000 events`,
    ERASE,
  ]);
});

test('a terminal on which nothing was drawn is left alone at the finish', () => {
  const { line, written } = terminal(true);
  line!.finish();
  assert.equal(written, []);
});

test.run();
