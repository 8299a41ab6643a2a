/**
 * The event-stream parser against the HTML standard's rules, fed in every split: LF, CR and
 * CRLF line ends (a CRLF split across chunks is one line end), multi-line data, comments,
 * fields without a colon or space, a byte order mark, events without data, and a last event
 * that no blank line ended.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServerSentEventParser, type ServerSentEvent } from '../src/core/serverSentEvents.js';

/** The events of `text` fed to one parser in pieces of `size` characters. */
function parse(text: string, size = text.length): ServerSentEvent[] {
  const parser = new ServerSentEventParser();
  const out: ServerSentEvent[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...parser.push(text.slice(i, i + size)));
  return out;
}
/** The same events, whatever the chunking. */
function parsedAlike(text: string): ServerSentEvent[] {
  const whole = parse(text);
  for (const size of [1, 2, 3, 7]) assert.equal(parse(text, size), whole, `in pieces of ${size}`);
  return whole;
}

test('token and done events, as the service sends them', () => {
  assert.equal(parsedAlike('event: token\ndata: {"text":"Hi"}\n\nevent: done\ndata: {"done":true}\n\n'), [
    { event: 'token', data: '{"text":"Hi"}' },
    { event: 'done', data: '{"done":true}' },
  ]);
});

test('CRLF and CR line ends, also split between chunks', () => {
  const expected = [
    { event: 'token', data: 'a' },
    { event: 'done', data: 'b' },
  ];
  assert.equal(parsedAlike('event: token\r\ndata: a\r\n\r\nevent: done\r\ndata: b\r\n\r\n'), expected);
  assert.equal(parsedAlike('event: token\rdata: a\r\revent: done\rdata: b\r\r'), expected);
  // A CR ending one chunk and an LF opening the next are one line end, not an empty line between.
  const parser = new ServerSentEventParser();
  assert.equal(parser.push('data: x\r'), []);
  assert.equal(parser.push('\ndata: y\r'), []);
  assert.equal(parser.push('\n\r\n'), [{ event: 'message', data: 'x\ny' }]);
});

test('several data lines join with LF; comments, unknown fields and id/retry are skipped', () => {
  assert.equal(
    parsedAlike(': keep-alive\nevent: done\nid: 7\nretry: 10\nfoo: bar\ndata: {"a":\ndata:  1}\n\n: bye\n\n'),
    [{ event: 'done', data: '{"a":\n 1}' }],
  );
});

test('a field without a colon is empty; only one space after the colon is dropped', () => {
  assert.equal(parsedAlike('data\n\ndata:x\n\ndata:  two\n\n'), [
    { event: 'message', data: '' },
    { event: 'message', data: 'x' },
    { event: 'message', data: ' two' },
  ]);
});

test('a byte order mark at the start is dropped; an event without data is not dispatched', () => {
  assert.equal(parse('\uFEFFevent: token\ndata: a\n\nevent: lonely\n\n'), [{ event: 'token', data: 'a' }]);
});

test('an event no blank line ended is not dispatched (the stream was cut)', () => {
  assert.equal(parsedAlike('event: token\ndata: a\n\nevent: done\ndata: {"messa'), [{ event: 'token', data: 'a' }]);
});

test.run();
