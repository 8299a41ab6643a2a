/**
 * The login media gallery over HTTP (docs/branding.md: the login
 * background media items): uploads judged by their bytes, size limits (set small here), at most 10
 * items, exactly one active, reorder, delete, item fields, admin keys only, and no workspace
 * ever reaching another's items. The public files, SVG cleaning and aborted uploads:
 * mediaPublic.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { JPEG, MOV, MP4, OGG_VIDEO, PNG, SVG, WEBM, padded } from '../../support/mediaSamples.js';
import { assertBadField, assertError, MEDIA, mediaClient, PUBLIC_MEDIA } from '../../support/mediaHarness.js';

const ITEM_KEYS = [
  'active',
  'adLabel',
  'adUrl',
  'contentType',
  'id',
  'mediaType',
  'mediaUrl',
  'position',
  'size',
  'slideDuration',
];

let app: TestApp;
let m: ReturnType<typeof mediaClient>;

test.before(async () => {
  app = await startTestApp({ MEDIA_MAX_IMAGE_BYTES: '2048', MEDIA_MAX_VIDEO_BYTES: '4096' });
  m = mediaClient(app);
});
test.after(async () => app.close());

test('an upload answers 201 with the item; the first is active, the next ones follow in order with their fields', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const first = await m.uploaded(apiKey, PNG, { name: 'a.png', type: 'image/png' });
  assert.equal(Object.keys(first).sort(), ITEM_KEYS);
  assert.match(first.id, /^[0-9a-f]{24}$/);
  assert.equal(
    { ...first, id: undefined, mediaUrl: undefined },
    {
      id: undefined,
      mediaUrl: undefined,
      mediaType: 'image',
      contentType: 'image/png',
      size: PNG.length,
      active: true,
      adUrl: null,
      adLabel: null,
      slideDuration: 6,
      position: 0,
    },
  );
  assert.is(first.mediaUrl, `${app.services.config.publicUrl}${PUBLIC_MEDIA}/${first.id}`);
  const second = await m.uploaded(apiKey, JPEG, {
    fields: { adUrl: 'https://shop.example/sale', adLabel: ' Shop the sale ', slideDuration: '10' },
  });
  assert.equal(
    [second.active, second.position, second.contentType, second.adUrl, second.adLabel, second.slideDuration],
    [false, 1, 'image/jpeg', 'https://shop.example/sale', 'Shop the sale', 10],
  );
  const items = await m.list(apiKey);
  assert.equal(items, [first, second]);
});

test('every accepted format is recognised from its bytes, whatever the name and declared type', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const cases: Array<[Buffer, string, 'image' | 'video']> = [
    [MP4, 'video/mp4', 'video'],
    [WEBM, 'video/webm', 'video'],
    [OGG_VIDEO, 'video/ogg', 'video'],
    [MOV, 'video/quicktime', 'video'],
    [SVG, 'image/svg+xml', 'image'],
  ];
  for (const [bytes, contentType, mediaType] of cases) {
    const item = await m.uploaded(apiKey, bytes, { name: 'no-extension', type: 'application/octet-stream' });
    assert.equal([item.contentType, item.mediaType], [contentType, mediaType]);
    const file = await m.served(item);
    assert.is(file.headers.get('content-type'), contentType);
    if (contentType !== 'image/svg+xml') assert.equal(file.bytes, bytes);
  }
  // A PNG called clip.mp4 and declared video/mp4 is a PNG.
  const png = await m.uploaded(apiKey, PNG, { name: 'clip.mp4', type: 'video/mp4' });
  assert.equal([png.contentType, png.mediaType], ['image/png', 'image']);
});

test('bytes of another kind are refused with 415 naming what they are, and nothing is stored', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const text = await m.upload(apiKey, Buffer.from('just some text, not a picture\n'), {
    name: 'photo.png',
    type: 'image/png',
  });
  assertError(text, 415, 'UNSUPPORTED_MEDIA_TYPE', /could not be recognised/);
  assertError(
    await m.upload(apiKey, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), {
      name: 'a.png',
      type: 'image/png',
    }),
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    /image\/gif/,
  );
  assertError(
    await m.upload(apiKey, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), {
      name: 'a.mp4',
      type: 'video/mp4',
    }),
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    /application\/pdf/,
  );
  assertError(
    await m.upload(apiKey, Buffer.from('<?xml version="1.0"?><note>hi</note>'), {
      name: 'a.svg',
      type: 'image/svg+xml',
    }),
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    /application\/xml/,
  );
  assertError(
    await m.upload(apiKey, Buffer.alloc(0), { name: 'empty.png', type: 'image/png' }),
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    /empty/,
  );
  assert.equal(await m.list(apiKey), []);
  assert.equal(m.mediaFiles(workspaceId), []);
});

test('size limits per kind (lowered for this test): over the limit is a 413 naming it, and nothing is kept', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  await m.uploaded(apiKey, padded(PNG, 2048));
  assertError(await m.upload(apiKey, padded(PNG, 2049)), 413, 'PAYLOAD_TOO_LARGE', /images may be at most 2 KB/);
  assertError(await m.upload(apiKey, padded(JPEG, 100_000)), 413, 'PAYLOAD_TOO_LARGE', /images may be at most 2 KB/);
  assertError(
    await m.upload(apiKey, Buffer.concat([SVG, Buffer.alloc(3000, 0x20)])),
    413,
    'PAYLOAD_TOO_LARGE',
    /images may be at most 2 KB/,
  );
  // A video may be larger than an image may.
  await m.uploaded(apiKey, padded(MP4, 4096));
  assertError(await m.upload(apiKey, padded(MP4, 4097)), 413, 'PAYLOAD_TOO_LARGE', /videos may be at most 4 KB/);
  assertError(await m.upload(apiKey, padded(WEBM, 1_000_000)), 413, 'PAYLOAD_TOO_LARGE', /videos may be at most 4 KB/);
  assert.is((await m.list(apiKey)).length, 2);
  assert.is(
    m.mediaFiles(workspaceId).length,
    2,
    'no partial or temporary file is left: ' + m.mediaFiles(workspaceId).join(','),
  );
});

test('at most 10 items: the eleventh upload is a 409 and stores nothing, also when two race for the last place', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  for (let i = 0; i < 9; i++) await m.uploaded(apiKey, PNG);
  // Both pass the early check and store their bytes; the append decides, and the loser's bytes are deleted.
  const race = await Promise.all([m.upload(apiKey, PNG), m.upload(apiKey, JPEG)]);
  assert.equal(race.map((r) => r.status).sort(), [201, 409]);
  assertError(await m.upload(apiKey, PNG), 409, 'GALLERY_FULL', /at most 10/);
  assert.is((await m.list(apiKey)).length, 10);
  assert.is(m.mediaFiles(workspaceId).length, 10);
});

test('activating an item deactivates the active one; active can only be set to true', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const [a, b] = [await m.uploaded(apiKey, PNG), await m.uploaded(apiKey, JPEG)];
  const r = await m.call('PATCH', `/${b.id}`, apiKey, { active: true });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal([r.body.id, r.body.active], [b.id, true]);
  assert.equal(
    (await m.list(apiKey)).map((i) => [i.id, i.active]),
    [
      [a.id, false],
      [b.id, true],
    ],
  );
  assertBadField(await m.call('PATCH', `/${b.id}`, apiKey, { active: false }), 'active');
  // Activating the active one again changes nothing.
  assert.is((await m.call('PATCH', `/${b.id}`, apiKey, { active: true })).body.active, true);
});

test('deleting the active item activates the next in display order (the first when it was last); its file goes too', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const [a, b, c] = [await m.uploaded(apiKey, PNG), await m.uploaded(apiKey, JPEG), await m.uploaded(apiKey, MP4)];
  await m.call('PATCH', `/${b.id}`, apiKey, { active: true });
  const del = await m.call('DELETE', `/${b.id}`, apiKey);
  assert.is(del.status, 200);
  assert.equal(Object.keys(del.body), ['message']);
  assert.equal(
    (await m.list(apiKey)).map((i) => [i.id, i.active, i.position]),
    [
      [a.id, false, 0],
      [c.id, true, 1],
    ],
  );
  assert.is((await m.served(b)).status, 404, 'the deleted file is no longer served');
  assert.is(m.mediaFiles(workspaceId).length, 2);
  await m.call('DELETE', `/${c.id}`, apiKey);
  assert.equal(
    (await m.list(apiKey)).map((i) => [i.id, i.active]),
    [[a.id, true]],
  );
  await m.call('DELETE', `/${a.id}`, apiKey);
  assert.equal(await m.list(apiKey), []);
  assert.equal(m.mediaFiles(workspaceId), []);
  assert.is((await m.call('DELETE', `/${a.id}`, apiKey)).status, 404);
  // The gallery starts over: the next upload is active again.
  assert.is((await m.uploaded(apiKey, PNG)).active, true);
});

test('reorder takes every id exactly once (else a 400 naming ids) and keeps the active item', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const ids = [
    (await m.uploaded(apiKey, PNG)).id,
    (await m.uploaded(apiKey, JPEG)).id,
    (await m.uploaded(apiKey, SVG)).id,
  ];
  const r = await m.call('PUT', '/order', apiKey, { ids: [ids[2], ids[0], ids[1]] });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const expected = [
    [ids[2], 0, false],
    [ids[0], 1, true],
    [ids[1], 2, false],
  ];
  assert.equal(
    r.body.items.map((i: any) => [i.id, i.position, i.active]),
    expected,
  );
  assert.equal(
    (await m.list(apiKey)).map((i) => [i.id, i.position, i.active]),
    expected,
  );
  for (const bad of [
    [ids[0], ids[1]],
    [...ids, ids[0]],
    [ids[0], ids[0], ids[1]],
    [ids[0], ids[1], 'f'.repeat(24)],
  ]) {
    assertBadField(await m.call('PUT', '/order', apiKey, { ids: bad }), 'ids');
  }
  assertBadField(await m.call('PUT', '/order', apiKey, { ids: 'all' }), 'ids');
  assertBadField(await m.call('PUT', '/order', apiKey, {}), 'ids');
});

test('item fields: adUrl http(s) only, adLabel up to 60 characters, slideDuration whole seconds 3–30', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const item = await m.uploaded(apiKey, PNG);
  const ok = await m.call('PATCH', `/${item.id}`, apiKey, {
    adUrl: 'http://shop.example/x',
    adLabel: 'L'.repeat(60),
    slideDuration: 30,
  });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.equal([ok.body.adUrl, ok.body.adLabel, ok.body.slideDuration], ['http://shop.example/x', 'L'.repeat(60), 30]);
  for (const adUrl of ['javascript:alert(1)', 'ftp://shop.example/', 'shop.example', 42])
    assertBadField(await m.call('PATCH', `/${item.id}`, apiKey, { adUrl }), 'adUrl');
  assertBadField(await m.call('PATCH', `/${item.id}`, apiKey, { adLabel: 'L'.repeat(61) }), 'adLabel');
  for (const slideDuration of [2, 31, 6.5, '6'])
    assertBadField(await m.call('PATCH', `/${item.id}`, apiKey, { slideDuration }), 'slideDuration');
  assertBadField(await m.call('PATCH', `/${item.id}`, apiKey, { colour: 'red' }), 'colour');
  const cleared = await m.call('PATCH', `/${item.id}`, apiKey, { adUrl: null, adLabel: '' });
  assert.equal([cleared.body.adUrl, cleared.body.adLabel], [null, null]);
  // The same rules at upload, before the file (nothing read) or after it (the stored bytes are deleted).
  assertBadField(await m.upload(apiKey, PNG, { fields: { adUrl: 'javascript:alert(1)' } }), 'adUrl');
  assertBadField(await m.upload(apiKey, PNG, { fieldsAfter: { slideDuration: '31' } }), 'slideDuration');
  assertBadField(await m.upload(apiKey, PNG, { fieldsAfter: { adLabel: 'L'.repeat(61) } }), 'adLabel');
  assertBadField(await m.upload(apiKey, PNG, { fields: { colour: 'red' } }), 'colour');
  assert.is((await m.list(apiKey)).length, 1);
  assert.is(m.mediaFiles(workspaceId).length, 1);
});

test('every gallery route needs an admin key: 401 without one, 403 for a member key', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const item = await m.uploaded(apiKey, PNG);
  const { apiKey: member } = await app.services.workspaces.createApiKey(
    { workspaceId, role: 'member' },
    operatorContext(),
  );
  const routes: Array<[string, string, unknown?]> = [
    ['GET', ''],
    ['PATCH', `/${item.id}`, { adLabel: 'x' }],
    ['PUT', '/order', { ids: [item.id] }],
    ['DELETE', `/${item.id}`],
  ];
  for (const [method, path, body] of routes) {
    assert.is((await app.api(method, MEDIA + path, { body })).status, 401, `${method} ${path} without a key`);
    assertError(await m.call(method, path, member, body), 403, 'INSUFFICIENT_ROLE');
  }
  assert.is((await m.upload(null, PNG)).status, 401);
  assertError(await m.upload(member, PNG), 403, 'INSUFFICIENT_ROLE');
  assert.is((await m.list(apiKey)).length, 1);
});

test("another workspace's items are unknown to a key: 404, and never listed", async () => {
  const owner = await app.createWorkspace('pro');
  const other = await app.createWorkspace('pro');
  const item = await m.uploaded(owner.apiKey, PNG);
  assert.is((await m.call('PATCH', `/${item.id}`, other.apiKey, { active: true })).status, 404);
  assert.is((await m.call('DELETE', `/${item.id}`, other.apiKey)).status, 404);
  assertBadField(await m.call('PUT', '/order', other.apiKey, { ids: [item.id] }), 'ids');
  assert.equal(await m.list(other.apiKey), []);
  assert.equal(
    (await m.list(owner.apiKey)).map((i) => i.id),
    [item.id],
  );
  assert.is((await m.served(item)).status, 200);
  assert.is((await m.call('PATCH', '/not-an-id', owner.apiKey, { active: true })).status, 404);
});

test('the upload must be multipart/form-data with one file in the "file" field', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  assertError(
    await app.api('POST', MEDIA, { apiKey, body: { file: 'abc' } }),
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    /multipart\/form-data/,
  );
  const noFile = new FormData();
  noFile.append('adLabel', 'x');
  const r = await fetch(app.baseUrl + MEDIA, { method: 'POST', headers: { 'x-api-key': apiKey }, body: noFile });
  assertBadField({ status: r.status, headers: r.headers, body: await r.json() }, 'file');
  const wrongField = new FormData();
  wrongField.append('image', new Blob([new Uint8Array(PNG)]), 'a.png');
  const w = await fetch(app.baseUrl + MEDIA, { method: 'POST', headers: { 'x-api-key': apiKey }, body: wrongField });
  assertBadField({ status: w.status, headers: w.headers, body: await w.json() }, 'image');
  assert.equal(await m.list(apiKey), []);
});

test.run();
