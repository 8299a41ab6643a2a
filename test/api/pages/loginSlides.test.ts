/**
 * Which gallery items a branded login plays, in what order (api/pages/loginSlides.ts): display
 * order from the active item on, wrapping round; a logo upload is no slide unless it is the
 * active item; an ad-click address only for items with an ad.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginSlides } from '../../../api/pages/loginSlides.js';
import type { MediaItemDoc } from '../../../projections/views/mediaItemsView.js';

const PUBLIC = 'https://confab.example';

function item(id: string, position: number, extra: Partial<MediaItemDoc> = {}): MediaItemDoc {
  return {
    id,
    workspaceId: 'w',
    storageKey: id,
    mediaUrlPath: `/api/v1/workspace/public/media/${id}`,
    mediaType: 'image',
    contentType: 'image/png',
    size: 1,
    active: false,
    adUrl: null,
    adLabel: null,
    slideDuration: 6,
    position,
    createdAt: '',
    updatedAt: '',
    ...extra,
  };
}

const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
const source = (logos: (string | null)[] = []) => ({ slug: 'acme', publicUrl: PUBLIC, logos });

test('from the active item on, in display order, wrapping round (input order does not matter)', () => {
  const gallery = [item('d', 3), item('a', 0), item('c', 2, { active: true }), item('b', 1)];
  assert.equal(ids(loginSlides(gallery, source())), ['c', 'd', 'a', 'b']);
});

test('no active item, no slides', () => {
  assert.equal(loginSlides([item('a', 0), item('b', 1)], source()), []);
});

test('a logo upload is no slide, unless it is the active background', () => {
  const gallery = [item('bg', 0, { active: true }), item('logo', 1), item('other', 2)];
  assert.equal(ids(loginSlides(gallery, source([`${PUBLIC}/api/v1/workspace/public/media/logo`, null]))), [
    'bg',
    'other',
  ]);
  const logoActive = [item('logo', 0, { active: true }), item('bg', 1)];
  assert.equal(ids(loginSlides(logoActive, source([`${PUBLIC}/api/v1/workspace/public/media/logo`]))), ['logo', 'bg']);
});

test('each slide: same-origin path, type, duration, and the ad-click address only with an ad', () => {
  const [withAd, plain, video] = loginSlides(
    [
      item('a', 0, { active: true, adUrl: 'https://ads.example/x', adLabel: 'Sale', slideDuration: 9 }),
      item('b', 1),
      item('v', 2, { mediaType: 'video' }),
    ],
    source(),
  );
  assert.equal(withAd, {
    id: 'a',
    url: '/api/v1/workspace/public/media/a',
    type: 'image',
    adUrl: 'https://ads.example/x',
    adLabel: 'Sale',
    slideDuration: 9,
    clickUrl: '/api/v1/workspace/public/ad-click/acme/a',
  });
  assert.is(plain!.clickUrl, null);
  assert.is(video!.type, 'video');
});

test.run();
