/** The login media gallery decider and its field rules (docs/branding.md). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../../domain/event.js';
import {
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../../domain/errors.js';
import {
  decideGallery,
  evolveGallery,
  initialGalleryState,
  type GalleryCommand,
  type GalleryEvent,
  type GalleryState,
} from '../../../domain/media/gallery.js';
import {
  parseUploadFields,
  validateAdLabel,
  validateAdUrl,
  validateItemChanges,
  validateSlideDuration,
} from '../../../domain/media/loginMediaRules.js';
import { acceptedFormat, DEFAULT_MEDIA_LIMITS, describeBytes, tooLarge } from '../../../domain/media/mediaFormats.js';

const created: GalleryState = evolveGallery(initialGalleryState, {
  type: 'WorkspaceCreated',
  data: { workspaceId: 'w1' },
} as GalleryEvent);

function run(commands: GalleryCommand[], state: GalleryState = created): GalleryState {
  return commands.reduce((s, c) => fold(evolveGallery, s, decideGallery(c, s)), state);
}
const add = (mediaId: string): GalleryCommand => ({
  type: 'AddLoginMedia',
  mediaId,
  storageKey: `w1/${mediaId}`,
  contentType: 'image/png',
  mediaType: 'image',
  size: 10,
  adUrl: null,
  adLabel: null,
  slideDuration: 6,
});
const withItems = (...ids: string[]) => run(ids.map(add));
const order = (s: GalleryState) => s.items.map((i) => i.mediaId);

function throws(fn: () => unknown, cls: Function, field?: string) {
  try {
    fn();
  } catch (err) {
    assert.instance(err, cls);
    if (field) assert.is((err as ValidationError).field, field);
    return err as Error;
  }
  assert.unreachable('did not throw');
}

test('every command needs the workspace to exist', () => {
  throws(() => decideGallery(add('a'), initialGalleryState), NotFoundError);
  throws(() => decideGallery({ type: 'ReorderLoginMedia', ids: [] }, initialGalleryState), NotFoundError);
});

test('the first upload is added and activated in one decision; later ones are added inactive', () => {
  const first = decideGallery(add('a'), created);
  assert.equal(
    first.map((e) => e.type),
    ['LoginMediaAdded', 'LoginMediaActivated'],
  );
  assert.equal(first[1].data, { workspaceId: 'w1', mediaId: 'a', previous: null });
  assert.equal(first[0].data, {
    workspaceId: 'w1',
    mediaId: 'a',
    storageKey: 'w1/a',
    contentType: 'image/png',
    mediaType: 'image',
    size: 10,
    adUrl: null,
    adLabel: null,
    slideDuration: 6,
  });
  const s = withItems('a');
  assert.equal(
    decideGallery(add('b'), s).map((e) => e.type),
    ['LoginMediaAdded'],
  );
  const two = withItems('a', 'b');
  assert.equal(order(two), ['a', 'b']);
  assert.is(two.activeId, 'a');
});

test('at most 10 items: the eleventh is a 409 conflict naming the limit', () => {
  const ten = withItems(...Array.from({ length: 10 }, (_, i) => `m${i}`));
  const err = throws(() => decideGallery(add('m10'), ten), ConflictError) as ConflictError;
  assert.is(err.code, 'GALLERY_FULL');
  assert.match(err.message, /at most 10/);
  // Room again after a removal.
  assert.is(decideGallery(add('m10'), run([{ type: 'RemoveLoginMedia', mediaId: 'm3' }], ten)).length, 1);
});

test('activating another item deactivates the old one, and the event names both', () => {
  const s = withItems('a', 'b', 'c');
  const events = decideGallery({ type: 'UpdateLoginMedia', mediaId: 'c', changes: {}, activate: true }, s);
  assert.equal(events, [{ type: 'LoginMediaActivated', data: { workspaceId: 'w1', mediaId: 'c', previous: 'a' } }]);
  assert.is(fold(evolveGallery, s, events).activeId, 'c');
  // Activating the active one again records nothing.
  assert.equal(decideGallery({ type: 'UpdateLoginMedia', mediaId: 'a', changes: {}, activate: true }, s), []);
});

test('updates record only real changes, together with an activation when asked', () => {
  const s = withItems('a', 'b');
  const events = decideGallery(
    { type: 'UpdateLoginMedia', mediaId: 'b', changes: { adUrl: 'https://x.test/', slideDuration: 6 }, activate: true },
    s,
  );
  assert.equal(
    events.map((e) => e.type),
    ['LoginMediaUpdated', 'LoginMediaActivated'],
  );
  assert.equal(events[0].data, { workspaceId: 'w1', mediaId: 'b', changes: { adUrl: 'https://x.test/' } });
  const after = fold(evolveGallery, s, events);
  assert.is(after.items[1].adUrl, 'https://x.test/');
  assert.equal(
    decideGallery(
      { type: 'UpdateLoginMedia', mediaId: 'b', changes: { adUrl: 'https://x.test/' }, activate: false },
      after,
    ),
    [],
  );
  throws(
    () => decideGallery({ type: 'UpdateLoginMedia', mediaId: 'zz', changes: {}, activate: true }, s),
    NotFoundError,
  );
});

test('removing the active item activates the next in display order (same decision), wrapping to the first', () => {
  const s = withItems('a', 'b', 'c');
  const events = decideGallery({ type: 'RemoveLoginMedia', mediaId: 'a' }, s);
  assert.equal(events, [
    { type: 'LoginMediaRemoved', data: { workspaceId: 'w1', mediaId: 'a', storageKey: 'w1/a' } },
    { type: 'LoginMediaActivated', data: { workspaceId: 'w1', mediaId: 'b', previous: 'a' } },
  ]);
  const last = run(
    [
      { type: 'UpdateLoginMedia', mediaId: 'c', changes: {}, activate: true },
      { type: 'RemoveLoginMedia', mediaId: 'c' },
    ],
    s,
  );
  assert.is(last.activeId, 'a');
  assert.equal(order(last), ['a', 'b']);
});

test('removing an inactive item keeps the active one; removing the only item leaves none active', () => {
  const s = run([{ type: 'RemoveLoginMedia', mediaId: 'b' }], withItems('a', 'b'));
  assert.equal(order(s), ['a']);
  assert.is(s.activeId, 'a');
  const empty = run([{ type: 'RemoveLoginMedia', mediaId: 'a' }], s);
  assert.equal(empty.items, []);
  assert.is(empty.activeId, null);
  // The next upload is the first again: it becomes active.
  assert.is(run([add('n')], empty).activeId, 'n');
  throws(() => decideGallery({ type: 'RemoveLoginMedia', mediaId: 'a' }, empty), NotFoundError);
});

test('reorder needs every id exactly once (400 naming ids); the same order records nothing', () => {
  const s = withItems('a', 'b', 'c');
  const after = run([{ type: 'ReorderLoginMedia', ids: ['c', 'a', 'b'] }], s);
  assert.equal(order(after), ['c', 'a', 'b']);
  assert.is(after.activeId, 'a', 'reordering does not change the active item');
  assert.equal(decideGallery({ type: 'ReorderLoginMedia', ids: ['a', 'b', 'c'] }, s), []);
  for (const ids of [['a', 'b'], ['a', 'b', 'c', 'c'], ['a', 'a', 'b'], ['a', 'b', 'x'], []]) {
    throws(() => decideGallery({ type: 'ReorderLoginMedia', ids }, s), ValidationError, 'ids');
  }
});

test('adUrl: http or https only; null or "" clears it', () => {
  assert.is(validateAdUrl('https://shop.example/offer?x=1'), 'https://shop.example/offer?x=1');
  assert.is(validateAdUrl('http://shop.example'), 'http://shop.example/');
  assert.is(validateAdUrl(null), null);
  assert.is(validateAdUrl(''), null);
  for (const bad of [
    'javascript:alert(1)',
    'ftp://x.test/',
    'data:text/html,hi',
    '/relative',
    'not a url',
    7,
    `https://x.test/${'a'.repeat(2100)}`,
  ]) {
    throws(() => validateAdUrl(bad), ValidationError, 'adUrl');
  }
});

test('adLabel: at most 60 characters, trimmed; slideDuration: whole seconds 3–30', () => {
  assert.is(validateAdLabel('  Shop now  '), 'Shop now');
  assert.is(validateAdLabel('é'.repeat(60)), 'é'.repeat(60));
  assert.is(validateAdLabel('   '), null);
  throws(() => validateAdLabel('x'.repeat(61)), ValidationError, 'adLabel');
  throws(() => validateAdLabel(5), ValidationError, 'adLabel');
  assert.is(validateSlideDuration(3), 3);
  assert.is(validateSlideDuration(30), 30);
  for (const bad of [2, 31, 6.5, '6', null]) throws(() => validateSlideDuration(bad), ValidationError, 'slideDuration');
  assert.equal(validateItemChanges({ adLabel: 'Go', slideDuration: 10 }), { adLabel: 'Go', slideDuration: 10 });
});

test('upload form fields: digits for slideDuration, an empty one means the default, unknown fields are refused', () => {
  assert.equal(parseUploadFields({ slideDuration: ' 12 ', adUrl: 'https://x.test/' }), {
    slideDuration: 12,
    adUrl: 'https://x.test/',
  });
  assert.equal(parseUploadFields({ slideDuration: '' }), {});
  for (const bad of ['2', '31', '6.5', 'six', '-5'])
    throws(() => parseUploadFields({ slideDuration: bad }), ValidationError, 'slideDuration');
  throws(() => parseUploadFields({ colour: 'red' }), ValidationError, 'colour');
});

test('accepted formats come from the detected type; anything else is a 415 naming it', () => {
  assert.equal(acceptedFormat('image/png'), { contentType: 'image/png', mediaType: 'image' });
  assert.equal(acceptedFormat('video/quicktime'), { contentType: 'video/quicktime', mediaType: 'video' });
  assert.equal(acceptedFormat('video/x-m4v'), { contentType: 'video/mp4', mediaType: 'video' });
  const err = throws(() => acceptedFormat('application/pdf'), UnsupportedMediaTypeError)!;
  assert.match(err.message, /application\/pdf/);
  assert.match(throws(() => acceptedFormat(null), UnsupportedMediaTypeError)!.message, /could not be recognised/);
  for (const other of ['image/gif', 'audio/ogg', 'video/matroska', 'application/xml'])
    throws(() => acceptedFormat(other), UnsupportedMediaTypeError);
});

test('size limits are described in the unit they were set in', () => {
  assert.is(describeBytes(DEFAULT_MEDIA_LIMITS.imageBytes), '10 MB');
  assert.is(describeBytes(2048), '2 KB');
  assert.is(describeBytes(1500), '1500 bytes');
  const err = tooLarge('video', DEFAULT_MEDIA_LIMITS);
  assert.instance(err, PayloadTooLargeError);
  assert.match(err.message, /videos may be at most 100 MB/);
});

test.run();
