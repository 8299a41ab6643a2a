/**
 * Bad input to the login media gallery and its public reads: JSON bodies of PATCH /media/{id}
 * and PUT /media/order, multipart uploads, and path, query and header values. Every one a 4xx
 * JSON error naming the problem (a path that names nothing is a 404), and afterwards the gallery
 * and the files on disk are what they were.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { PNG } from '../../support/mediaSamples.js';
import { MEDIA, mediaClient, PUBLIC_MEDIA } from '../../support/mediaHarness.js';
import { mediaItem, W, workspaceWithSlug } from '../../support/adClickHarness.js';
import { adminKeys, assertRefused, NOT_A_STRING, NOT_AN_OBJECT, UNSTORABLE_TEXT } from '../../support/badInput.js';

let app: TestApp;
let m: ReturnType<typeof mediaClient>;
let workspaceId: string;
let key: () => Promise<string>;
let itemId: string;

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.api(method, MEDIA + path, { apiKey: await key(), body, headers });
/** The gallery as listed, and the files the store holds for it. */
const gallery = async () => ({ items: (await call('GET', '')).body.items, files: m.mediaFiles(workspaceId).sort() });

test.before(async () => {
  app = await startTestApp();
  m = mediaClient(app);
  const ws = await workspaceWithSlug(app, 'mediabad');
  workspaceId = ws.workspaceId;
  key = adminKeys(app, workspaceId);
  itemId = await mediaItem(app, ws, 'https://shop.example/sale');
  await mediaItem(app, ws, null);
});
test.after(async () => {
  await app.close();
});

test('PATCH /media/{id} and PUT /media/order: bodies and fields that are wrong are 400 naming them', async () => {
  const before = await gallery();
  for (const [label, text, says] of NOT_AN_OBJECT) {
    assertRefused(await call('PATCH', `/${itemId}`, text), 400, says, `PATCH ${label}`);
    assertRefused(await call('PUT', '/order', text), 400, says, `PUT ${label}`);
  }
  const badItem: Array<[unknown, string]> = [
    ...['adUrl', 'adLabel'].flatMap((f) => NOT_A_STRING.map((v): [unknown, string] => [{ [f]: v }, f])),
    ...['6', 2, 31, 6.5, -1, 1e308, null, true].map((v): [unknown, string] => [{ slideDuration: v }, 'slideDuration']),
    ...[false, 'true', 1, null].map((v): [unknown, string] => [{ active: v }, 'active']),
    [{}, 'request body'],
    [{ position: 0 }, 'position'],
    [{ adLabel: 'x'.repeat(61) }, 'adLabel'],
    [{ adLabel: 'Shop\nnow' }, 'adLabel'],
    [{ adLabel: 'Shop\u001b[1m' }, 'adLabel'],
    ...['javascript:alert(1)', 'ftp://example.com', '//evil.example', 'https://', ' '].map(
      (adUrl): [unknown, string] => [{ adUrl }, 'adUrl'],
    ),
    ...UNSTORABLE_TEXT.map(([text]): [unknown, string] => [{ adLabel: text }, 'adLabel']),
  ];
  for (const [body, field] of badItem)
    assertRefused(await call('PATCH', `/${itemId}`, body), 400, field, JSON.stringify(body));
  const reversed = before.items.map((i: { id: string }) => i.id).reverse();
  const badOrder: unknown[] = [
    'x',
    null,
    [42],
    [],
    [itemId],
    [itemId, itemId],
    [...reversed, 'f'.repeat(24)],
    Array(21).fill(itemId),
  ];
  for (const ids of badOrder)
    assertRefused(await call('PUT', '/order', { ids }), 400, 'ids', JSON.stringify(ids).slice(0, 60));
  assertRefused(await call('PUT', '/order', { ids: reversed, extra: 1 }), 400, 'extra');
  assert.equal(await gallery(), before);
});

test('a path id that names no item is a 404, whatever its text; a path that is no percent-encoding is a 400; a wrong method 405', async () => {
  const before = await gallery();
  const names = [
    '%2F',
    'a%2Fb',
    '%2e%2e',
    '%00',
    'a'.repeat(5000),
    itemId.toUpperCase(),
    `${itemId}%00`,
    '__proto__',
    'constructor',
    '%20',
    '%E2%80%AE',
    '-1',
  ];
  for (const id of names) {
    assertRefused(await call('PATCH', `/${id}`, { adLabel: 'x' }), 404, /not found/i, `PATCH ${id.slice(0, 30)}`);
    assertRefused(await call('DELETE', `/${id}`), 404, /not found/i, `DELETE ${id.slice(0, 30)}`);
    assertRefused(await app.api('GET', `${PUBLIC_MEDIA}/${id}`), 404, /not found/i, `public ${id.slice(0, 30)}`);
    assertRefused(
      await app.api('GET', `${W}/public/ad-click/mediabad/${id}`),
      404,
      /No ad link|Not found/,
      `ad-click ${id.slice(0, 30)}`,
    );
    assertRefused(
      await app.api('GET', `${W}/public/ad-click/${id}/${itemId}`),
      404,
      /No ad link|Not found/,
      `ad-click slug ${id.slice(0, 30)}`,
    );
  }
  // Not UTF-8 once decoded: a malformed escape, an overlong "." and a lone surrogate's bytes.
  for (const id of ['%ZZ', '%C0%AE', '%ED%A0%80'])
    assertRefused(await call('DELETE', `/${id}`), 400, /percent-encoding/, id);
  // A method the item path does not take names the ones it does (405 with Allow).
  for (const method of ['POST', 'PUT'])
    assertRefused(
      await call(method, `/${itemId}`, { adLabel: 'x' }),
      405,
      'it takes DELETE, PATCH',
      `${method} /media/{id}`,
    );
  assert.equal(await gallery(), before);
});

const B = 'confabbadinput';
type Part = { name: string; value?: string; file?: Buffer };
function form(parts: Part[], { close = true } = {}): Buffer {
  const chunks = parts.flatMap(({ name, value, file }) => [
    Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.png"\r\nContent-Type: image/png' : ''}\r\n\r\n`,
    ),
    file ?? Buffer.from(value ?? '', 'utf8'),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(close ? `--${B}--\r\n` : '')]);
}
const FILE: Part = { name: 'file', file: PNG };

async function upload(body: Buffer, contentType = `multipart/form-data; boundary=${B}`) {
  const res = await fetch(app.baseUrl + MEDIA, {
    method: 'POST',
    headers: { 'x-api-key': await key(), 'content-type': contentType },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: await res.json() };
}

test('multipart uploads: unstorable or unknown fields and broken forms are 4xx, and nothing is stored or left on disk', async () => {
  const before = await gallery();
  const cases: Array<[string, Buffer, number, string | RegExp, string?]> = [
    // NUL reached the event store (a 500 from PostgreSQL) before text fields were checked here.
    [
      'NUL in a field before the file',
      form([{ name: 'adLabel', value: 'a\u0000b' }, FILE]),
      400,
      /adLabel must not contain NUL/,
    ],
    [
      'NUL in a field after the file',
      form([FILE, { name: 'adLabel', value: 'a\u0000b' }]),
      400,
      /adLabel must not contain NUL/,
    ],
    [
      'NUL in adUrl',
      form([{ name: 'adUrl', value: 'https://x.example/\u0000' }, FILE]),
      400,
      /adUrl must not contain NUL/,
    ],
    ['a control character in adLabel', form([{ name: 'adLabel', value: 'Sale\u0007' }, FILE]), 400, 'adLabel'],
    // A field named __proto__ was dropped without a word (it set the prototype of the field map).
    ['a field named __proto__', form([{ name: '__proto__', value: 'x' }, FILE]), 400, '__proto__'],
    ['a field named constructor', form([{ name: 'constructor', value: 'x' }, FILE]), 400, 'constructor'],
    ...['abc', '1e1', '-1', '0010', '6.5', '99'].map((v): [string, Buffer, number, string] => [
      `slideDuration ${v}`,
      form([{ name: 'slideDuration', value: v }, FILE]),
      400,
      'slideDuration',
    ]),
    [
      'slideDuration twice, the second bad',
      form([{ name: 'slideDuration', value: '5' }, { name: 'slideDuration', value: '99' }, FILE]),
      400,
      'slideDuration',
    ],
    ['an overlong field', form([{ name: 'adLabel', value: 'a'.repeat(100_000) }, FILE]), 400, 'adLabel'],
    ['two files', form([FILE, FILE]), 400, /too many parts/],
    ['the file under another name', form([{ ...FILE, name: 'upload' }]), 400, 'upload'],
    ['no file', form([{ name: 'adLabel', value: 'x' }]), 400, 'file is required'],
    ['a form that never ends', form([FILE], { close: false }), 400, /malformed/],
    ['no boundary', form([FILE]), 400, /cannot be read/, 'multipart/form-data'],
    ['multipart/mixed', form([FILE]), 415, /multipart\/form-data/, `multipart/mixed; boundary=${B}`],
    ['JSON', Buffer.from('{"file":"x"}'), 415, /multipart\/form-data/, 'application/json'],
  ];
  for (const [label, body, status, says, type] of cases) assertRefused(await upload(body, type), status, says, label);
  assert.equal(await gallery(), before);
});

test('public reads: odd Range, validators, query and User-Agent values get an answer, never a 5xx', async () => {
  const file = `${PUBLIC_MEDIA}/${itemId}`;
  // Several ranges, or one that cannot be read, get the whole file; one outside it (or backwards)
  // a 416; an end past the file (however many digits) ends at the file's end.
  const ranges: Array<[string, number]> = [
    ['bytes=0-0,5-6', 200],
    ['bytes=99999-', 416],
    ['bytes=5-1', 416],
    ['garbage', 200],
    [`bytes=0-${'9'.repeat(400)}`, 206],
    ['bytes=-0', 416],
  ];
  for (const [range, status] of ranges)
    assert.is((await app.api('GET', file, { headers: { range } })).status, status, range.slice(0, 20));
  // `*` is a write precondition: on a read it earns the file, not a 304 (api/http/conditionalGet.ts).
  assert.is((await app.api('GET', file, { headers: { 'if-none-match': '*' } })).status, 200);
  const go = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}${W}/public/ad-click/mediabad/${itemId}${query}`, { redirect: 'manual', headers });
  // A malformed visitor id is ignored, not refused: the visitor still reaches the ad.
  for (const query of [
    '?vid=a&vid=b',
    '?vid[]=a',
    '?vid[__proto__][x]=1',
    `?vid=${'v'.repeat(5000)}`,
    '?vid=%ED%A0%80',
    '?other=1',
  ]) {
    const r = await go(query);
    assert.equal([r.status, r.headers.get('location')], [302, 'https://shop.example/sale'], query);
  }
  const nul = await go('?vid=%00');
  assertRefused({ status: nul.status, body: await nul.json() }, 400, /NUL/);
  for (const ua of ['x'.repeat(4000), '\u00e9\u00ff', ''])
    assert.is((await go('', { 'user-agent': ua })).status, 302, `user-agent ${ua.slice(0, 10)}`);
});

test.run();
