import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRobotsTxt } from '../../../domain/knowledge/robotsTxt.js';
import { parseSitemap } from '../../../domain/knowledge/sitemap.js';

test('robots.txt: our group wins over *, the longest rule wins, Allow on a tie, * and $', () => {
  const robots = parseRobotsTxt(
    'User-agent: *\nDisallow: /\n\nUser-agent: Confab\nUser-agent: other\nDisallow: /private\nAllow: /private/faq\nDisallow: /*.pdf$\n',
  );
  assert.ok(robots.allows('/help'));
  assert.not.ok(robots.allows('/private/x'));
  assert.ok(robots.allows('/private/faq/returns'));
  assert.not.ok(robots.allows('/files/a.pdf'));
  assert.ok(robots.allows('/files/a.pdf?x=1'));
  const everyone = parseRobotsTxt('User-agent: *\nDisallow: /admin\nDisallow:\n');
  assert.not.ok(everyone.allows('/admin/x'));
  assert.ok(everyone.allows('/shop'));
});

test('sitemap: locs of a urlset, an index told apart, bad and repeated entries skipped', () => {
  const set = parseSitemap(
    '<?xml version="1.0"?><urlset><url><loc> https://a.example/x?a=1&amp;b=2 </loc></url><url><loc>/relative</loc></url><url><loc>https://a.example/x?a=1&amp;b=2</loc></url></urlset>',
  );
  assert.equal(set, { isIndex: false, urls: ['https://a.example/x?a=1&b=2'] });
  assert.ok(
    parseSitemap('<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>').isIndex,
  );
});

test.run();
