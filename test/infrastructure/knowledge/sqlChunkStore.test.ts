/**
 * The chunk store and the indexing job queue on every SQL driver (embedded PGlite; PostgreSQL
 * when DATABASE_URL is set): full-text ranking, atomic replacement guarded by revision, removal,
 * workspace and source filters; jobs claimed once, re-claimed after a lease runs out, superseded.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSqlChunkStore, RANKED_AT_MOST } from '../../../infrastructure/knowledge/sqlChunkStore.js';
import { createSqlKnowledgeJobs } from '../../../infrastructure/knowledge/knowledgeJobs.js';
import type { ChunkStore, ChunkToStore } from '../../../infrastructure/knowledge/chunkStore.js';
import type { KnowledgeJobs } from '../../../infrastructure/knowledge/knowledgeJobs.js';
import { runOnEverySqlDriver } from '../../support/testStores.js';
import { sleep } from '../../support/waiting.js';

const chunk = (ordinal: number, text: string, headingPath: string[] = [], sourceTitle = 'Help'): ChunkToStore => ({
  ordinal,
  text,
  headingPath,
  sourceTitle,
  url: null,
  page: null,
});

runOnEverySqlDriver(
  async (sql) => {
    const stores = { chunks: await createSqlChunkStore(sql), jobs: await createSqlKnowledgeJobs(sql) };
    return { ...stores, close: async () => undefined } as {
      chunks: ChunkStore;
      jobs: KnowledgeJobs;
      close(): Promise<void>;
    };
  },
  (name, factory, { teardown }) => {
    const t = suite(`knowledge chunk store and jobs (${name})`);
    let store: Awaited<ReturnType<typeof factory>>;
    t.before.each(async () => {
      store = await factory();
    });
    t.after.each(() => store.cleanup());
    t.after(teardown);

    t('search ranks by full text with stemming, within the workspace and the sources asked', async () => {
      const { chunks } = store.store;
      await chunks.replace('w1', 's1', 1, [
        chunk(0, 'Items can be returned within thirty days of delivery.', ['Returns']),
        chunk(1, 'Shipping takes five working days.', ['Shipping']),
      ]);
      await chunks.replace('w1', 's2', 1, [
        chunk(0, 'Gift cards are never refunded.', ['Gift cards'], 'Gift card terms'),
      ]);
      await chunks.replace('w2', 's3', 1, [chunk(0, 'Another shop returns things in two days.')]);

      const found = await chunks.search('w1', null, 'How do I return an item?', 5);
      assert.equal(
        found.map((f) => f.chunkId),
        ['s1:0'],
      );
      assert.equal(found[0]!.headingPath, ['Returns']);
      assert.ok(found[0]!.score > 0);
      const gift = await chunks.search('w1', null, 'gift card refund shipping', 5);
      assert.is(gift[0]!.sourceId, 's2', 'the title and heading weigh more than the text');
      assert.equal((await chunks.search('w1', ['s1'], 'gift cards', 5)).length, 0);
      assert.equal(await chunks.search('w1', [], 'returned', 5), []);
      assert.equal(await chunks.search('w1', null, 'the and of', 5), [], 'stop words alone match nothing');
      assert.equal(await chunks.search('w1', null, "'); DROP TABLE knowledge_chunks; --", 5), []);
      assert.equal(await chunks.search('w1', null, '', 5), []);
      assert.is((await chunks.search('w1', null, 'days', 1)).length, 1, 'k caps the answer');
    });

    t('a search ranks a bounded set: the passages holding every word come first among many holding one', async () => {
      const { chunks } = store.store;
      const many = Array.from({ length: RANKED_AT_MOST + 50 }, (_, i) =>
        chunk(i, `Orders leave our warehouse in batch ${i}.`),
      );
      await chunks.replace('w1', 's1', 1, many);
      // Stored last, so a scan in table order would reach it after the bound.
      await chunks.replace('w1', 's2', 1, [chunk(0, 'You can cancel an order until it leaves the warehouse.')]);
      const match = { words: ['cancel', 'order'], atLeast: 1 };
      const found = await chunks.search('w1', null, 'cancel order', 5, match);
      assert.is(found[0]!.chunkId, 's2:0');
      assert.is(found.length, 5);
      assert.is(new Set(found.map((f) => f.chunkId)).size, 5, 'each passage once, though both queries match it');
      assert.equal(
        (await chunks.search('w1', ['s1'], 'cancel order', 3, match)).map((f) => f.sourceId),
        ['s1', 's1', 's1'],
      );
      assert.is((await chunks.search('w2', null, 'cancel order', 3, match)).length, 0);
    });

    t('a replace swaps the whole set; an older revision or a removed source stores nothing', async () => {
      const { chunks } = store.store;
      await chunks.replace('w1', 's1', 2, [chunk(0, 'old alpha'), chunk(1, 'old beta')]);
      assert.is(await chunks.replace('w1', 's1', 1, [chunk(0, 'stale gamma')]), false);
      assert.is(await chunks.count('s1'), 2);
      assert.is(await chunks.replace('w1', 's1', 3, [chunk(0, 'new delta')]), true);
      assert.is(await chunks.count('s1'), 1);
      assert.equal(await chunks.search('w1', null, 'alpha beta gamma', 5), []);
      await chunks.remove('s1');
      assert.is(await chunks.count('s1'), 0);
      assert.is(await chunks.replace('w1', 's1', 4, [chunk(0, 'late epsilon')]), false);
      assert.equal(await chunks.search('w1', null, 'epsilon delta', 5), []);
    });

    t('a replace that fails leaves the old chunks whole', async () => {
      const { chunks } = store.store;
      await chunks.replace('w1', 's1', 1, [chunk(0, 'kept zeta')]);
      const bad = [chunk(0, 'new eta'), chunk(0, 'duplicate id fails the insert')];
      const failed = await chunks.replace('w1', 's1', 2, bad).then(
        () => false,
        () => true,
      );
      assert.ok(failed, 'the replace fails');
      assert.equal(
        (await chunks.search('w1', null, 'zeta', 5)).map((f) => f.text),
        ['kept zeta'],
      );
    });

    t('many chunks in one replace (more rows than one INSERT takes)', async () => {
      const { chunks } = store.store;
      const many = Array.from({ length: 1203 }, (_, i) => chunk(i, `passage number ${i} about topic${i % 7}`));
      await chunks.replace('w1', 'big', 1, many);
      assert.is(await chunks.count('big'), 1203);
      assert.is((await chunks.search('w1', ['big'], 'topic3', 100)).length, 100);
    });

    t('jobs: claimed once, again after the lease runs out, superseded by a newer revision', async () => {
      const { jobs } = store.store;
      await jobs.enqueue('s1', 'w1', 1);
      const [job] = await jobs.claim('lease-a', 5, 60_000);
      assert.equal(job, { sourceId: 's1', workspaceId: 'w1', revision: 1, attempts: 1 });
      assert.equal(await jobs.claim('lease-b', 5, 60_000), [], 'a running job is not claimed twice');
      // A reindex while it runs: the running worker's finish no longer matches.
      await jobs.enqueue('s1', 'w1', 2);
      await jobs.finish(job!, 'lease-a');
      const [next] = await jobs.claim('lease-b', 5, 50);
      assert.is(next!.revision, 2);
      await sleep(120);
      const [reclaimed] = await jobs.claim('lease-c', 5, 60_000);
      assert.equal({ revision: reclaimed!.revision, attempts: reclaimed!.attempts }, { revision: 2, attempts: 2 });
      await jobs.retryLater(reclaimed!, 'lease-c', 60_000);
      assert.equal(await jobs.claim('lease-d', 5, 60_000), [], 'not due yet');
      await jobs.enqueue('s1', 'w1', 2);
      assert.equal((await jobs.revisionsOf(['s1', 'nope'])).get('s1'), 2);
      await jobs.remove('s1');
      assert.is((await jobs.revisionsOf(['s1'])).size, 0);
    });

    t('jobs: a lease renewed while the job runs keeps it; one no longer renewed runs out', async () => {
      const { jobs } = store.store;
      await jobs.enqueue('long', 'w1', 1);
      await jobs.enqueue('other', 'w1', 1);
      const claimed = await jobs.claim('lease-a', 1, 300);
      assert.is(claimed.length, 1);
      const [other] = await jobs.claim('lease-x', 1, 60_000);
      await jobs.finish(other!, 'lease-x');
      for (let i = 0; i < 3; i++) {
        await sleep(200);
        await jobs.renew('lease-a', 300);
        assert.equal(await jobs.claim('lease-b', 5, 300), [], `renewed ${i + 1} times: still held`);
      }
      await sleep(400);
      const [taken] = await jobs.claim('lease-b', 5, 60_000);
      assert.equal([taken!.sourceId, taken!.attempts], [claimed[0]!.sourceId, 2], 'taken up once the renewals stop');
      // Renewing another lease's jobs, or finished ones, changes nothing.
      await jobs.renew('lease-a', 60_000);
      await jobs.finish(taken!, 'lease-b');
      assert.equal(await jobs.claim('lease-c', 5, 60_000), []);
    });

    t('jobs: every source with a row is listed, page by page, until removed', async () => {
      const { jobs } = store.store;
      for (const id of ['c', 'a', 'e', 'b', 'd']) await jobs.enqueue(id, 'w1', 1);
      assert.equal(await jobs.sourceIds(null, 2), ['a', 'b']);
      assert.equal(await jobs.sourceIds('b', 2), ['c', 'd']);
      assert.equal(await jobs.sourceIds('d', 2), ['e']);
      await jobs.remove('c');
      assert.equal(await jobs.sourceIds(null, 10), ['a', 'b', 'd', 'e']);
    });

    t.run();
  },
);
