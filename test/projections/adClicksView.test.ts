// The ad click views, built from AdClicked events by the real projection runner: one row per
// workspace and day, visitors counted on the day of their latest click, rebuilt identically.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices, type Services } from '../../app/compositionRoot.js';
import { metadataFor, systemContext } from '../../commands/commandContext.js';
import type { AdClickedData } from '../../domain/workspace/adClicks.js';
import { AD_CLICK_DAYS, AD_VISITORS, adClickDayId, adVisitorId } from '../../projections/views/adClicksView.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

let store: TestSql;
let services: Services;
let dataDir: string;
let n = 0;

async function clicked(
  data: Partial<AdClickedData> & { workspaceId: string; visitorId: string; at: string },
): Promise<void> {
  const full: AdClickedData = { mediaId: 'm1', device: 'desktop', browser: 'Chrome', ...data };
  const { position } = await services.events.append(
    `adclick-test${++n}`,
    [{ type: 'AdClicked', data: full, metadata: metadataFor(systemContext(), new Date(data.at)) }],
    { expectedRevision: 'no_stream' },
  );
  await services.projections.waitFor(position);
}

const day = (workspaceId: string, d: string) => services.views.get(AD_CLICK_DAYS, adClickDayId(workspaceId, d));

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'confab-adclicks-'));
  store = await createTestSql();
  services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }), {
    sql: store.sql,
    logger: createLogger('error'),
  });
  services.projections.start();
});
test.after(async () => {
  await services.close();
  await store.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

test('clicks add up per workspace and UTC day: clicks, devices, browsers', async () => {
  await clicked({
    workspaceId: 'w1',
    visitorId: 'a',
    at: '2025-05-01T23:59:59.999Z',
    device: 'mobile',
    browser: 'Mobile Safari',
  });
  await clicked({ workspaceId: 'w1', visitorId: 'b', at: '2025-05-01T00:00:00.000Z' });
  await clicked({
    workspaceId: 'w1',
    visitorId: 'a',
    at: '2025-05-02T00:00:00.000Z',
    device: 'tablet',
    browser: 'Mobile Safari',
  });
  await clicked({ workspaceId: 'w2', visitorId: 'a', at: '2025-05-01T12:00:00.000Z' });
  const first = await day('w1', '2025-05-01');
  assert.equal(
    [first?.workspaceId, first?.day, first?.clicks, first?.devices, first?.browsers],
    ['w1', '2025-05-01', 2, { desktop: 1, mobile: 1, tablet: 0 }, { 'Mobile Safari': 1, Chrome: 1 }],
  );
  assert.equal(
    [(await day('w1', '2025-05-02'))?.clicks, (await day('w2', '2025-05-01'))?.clicks],
    [1, 1],
    'another day, another workspace: rows of their own',
  );
});

test('a visitor counts once, on the day of their latest click; the same id in another workspace is another visitor', async () => {
  // After the clicks above: a moved from 05-01 to 05-02; b stays on 05-01; w2's a is its own.
  assert.equal(
    [
      (await day('w1', '2025-05-01'))?.visitorsLastSeen,
      (await day('w1', '2025-05-02'))?.visitorsLastSeen,
      (await day('w2', '2025-05-01'))?.visitorsLastSeen,
    ],
    [1, 1, 1],
  );
  assert.equal((await services.views.get(AD_VISITORS, adVisitorId('w1', 'a')))?.lastClickDay, '2025-05-02');
  await clicked({ workspaceId: 'w1', visitorId: 'a', at: '2025-05-02T10:00:00.000Z' });
  assert.equal(
    [(await day('w1', '2025-05-02'))?.clicks, (await day('w1', '2025-05-02'))?.visitorsLastSeen],
    [2, 1],
    'a second click the same day moves nobody',
  );
});

test("a click stamped before the visitor's latest day (clocks of two instances) counts on its day but moves nobody", async () => {
  await clicked({ workspaceId: 'w1', visitorId: 'a', at: '2025-04-30T10:00:00.000Z' });
  const early = await day('w1', '2025-04-30');
  assert.equal([early?.clicks, early?.visitorsLastSeen], [1, 0]);
  assert.equal(
    [
      (await day('w1', '2025-05-02'))?.visitorsLastSeen,
      (await services.views.get(AD_VISITORS, adVisitorId('w1', 'a')))?.lastClickDay,
    ],
    [1, '2025-05-02'],
  );
});

test('a rebuild replays the log into identical rows', async () => {
  const snapshot = async () =>
    JSON.stringify([
      await services.views.find(AD_CLICK_DAYS, {}, { sort: [['id', 1]] }),
      await services.views.find(AD_VISITORS, {}, { sort: [['id', 1]] }),
    ]);
  const before = await snapshot();
  await services.projections.rebuild();
  assert.is(await snapshot(), before);
});

test.run();
