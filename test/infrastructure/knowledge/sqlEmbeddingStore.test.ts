/**
 * The embedding store on every SQL driver (embedded PGlite; PostgreSQL when DATABASE_URL is
 * set): sets stored only on the chunks they were made from, dropped with their chunks (replace
 * or remove) in the same transaction, cosine ranking across sources within the workspace and
 * space, failures kept with their reason, the sets still to embed, and spaces no longer used.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { unitVector } from '../../../infrastructure/ai/embeddingModel.js';
import type { ChunkStore, ChunkToStore } from '../../../infrastructure/knowledge/chunkStore.js';
import type { EmbeddingStore } from '../../../infrastructure/knowledge/embeddingStore.js';
import { createSqlChunkStore } from '../../../infrastructure/knowledge/sqlChunkStore.js';
import { createSqlEmbeddingStore } from '../../../infrastructure/knowledge/sqlEmbeddingStore.js';
import { runOnEverySqlDriver } from '../../support/testStores.js';

const chunk = (ordinal: number, text: string): ChunkToStore => ({
  ordinal,
  text,
  headingPath: ['Help'],
  sourceTitle: 'Help',
  url: null,
  page: null,
});
const space = { connectionId: 'c1', model: 'm1' };
const vec = (...values: number[]) => unitVector(values);
const q = (vector: Float32Array) => async () => vector;
const vectorsFor = (sourceId: string, ...vectors: Float32Array[]) =>
  vectors.map((vector, i) => ({ chunkId: `${sourceId}:${i}`, vector }));

runOnEverySqlDriver(
  async (sql) => {
    const chunks = await createSqlChunkStore(sql);
    // A cache of one source's vectors at most: reading past it must still answer right.
    const embeddings = await createSqlEmbeddingStore(sql, { cacheBytes: 3 });
    return { chunks, embeddings, close: async () => undefined } as {
      chunks: ChunkStore;
      embeddings: EmbeddingStore;
      close(): Promise<void>;
    };
  },
  (name, factory, { teardown }) => {
    const t = suite(`knowledge embedding store (${name})`);
    let store: Awaited<ReturnType<typeof factory>>;
    t.before.each(async () => {
      store = await factory();
    });
    t.after.each(() => store.cleanup());
    t.after(teardown);

    t('nearest ranks by cosine across the sources asked, within the workspace and the space', async () => {
      const { chunks, embeddings } = store.store;
      await chunks.replace('w1', 's1', 1, [chunk(0, 'returns'), chunk(1, 'refunds')]);
      await chunks.replace('w1', 's2', 1, [chunk(0, 'shipping')]);
      await chunks.replace('w2', 's3', 1, [chunk(0, 'other shop')]);
      assert.ok(await embeddings.replace('w1', 's1', 1, space, vectorsFor('s1', vec(1, 0, 0), vec(0.6, 0.8, 0))));
      assert.ok(await embeddings.replace('w1', 's2', 1, space, vectorsFor('s2', vec(0, 0, 1))));
      assert.ok(await embeddings.replace('w2', 's3', 1, space, vectorsFor('s3', vec(1, 0, 0))));
      await embeddings.replace('w1', 's2', 1, { connectionId: 'c2', model: 'm1' }, vectorsFor('s2', vec(1, 0, 0)));

      const found = await embeddings.nearest('w1', ['s1', 's2', 's3'], space, q(vec(1, 0.1, 0)), 5);
      assert.equal(
        found.map((f) => f.chunkId),
        ['s1:0', 's1:1', 's2:0'],
      );
      assert.ok(found[0]!.similarity > 0.99 && found[0]!.similarity === found[0]!.score);
      assert.ok(Math.abs(found[1]!.similarity - (0.6 + 0.08) / Math.hypot(1, 0.1)) < 0.01, 'cosine within 0.01');
      assert.is(found[1]!.text, 'refunds');
      assert.equal(found[1]!.headingPath, ['Help']);
      assert.ok(Math.abs(found[2]!.similarity) < 0.01);
      assert.equal(
        (await embeddings.nearest('w1', ['s2'], space, q(vec(1, 0, 0)), 5)).map((f) => f.chunkId),
        ['s2:0'],
      );
      assert.is((await embeddings.nearest('w1', ['s1', 's2'], space, q(vec(0, 0, 1)), 1))[0]!.chunkId, 's2:0');
      assert.equal(await embeddings.nearest('w1', [], space, q(vec(1, 0, 0)), 5), []);
      assert.equal(await embeddings.nearest('w1', ['s1'], { connectionId: 'c1', model: 'm2' }, q(vec(1, 0, 0)), 5), []);
      assert.equal(
        await embeddings.nearest('w1', ['s1'], space, q(vec(1, 0, 0, 0)), 5),
        [],
        'another length is another model',
      );
      let asked = 0;
      const counted = async () => {
        asked += 1;
        return vec(1, 0, 0);
      };
      assert.equal(await embeddings.nearest('w1', ['s3', 'nope'], space, counted, 5), [], "another workspace's");
      assert.equal(await embeddings.nearest('w1', ['s1'], { connectionId: 'c9', model: 'm1' }, counted, 5), []);
      assert.is(asked, 0, 'no vectors to compare, no query embedding asked for');
      assert.equal(await embeddings.nearest('w1', ['s1'], space, async () => null, 5), []);
    });

    t('a set lands only on the chunks it was made from; replacing or removing the chunks drops it', async () => {
      const { chunks, embeddings } = store.store;
      await chunks.replace('w1', 's1', 2, [chunk(0, 'a'), chunk(1, 'b')]);
      assert.not.ok(await embeddings.replace('w1', 's1', 1, space, vectorsFor('s1', vec(1, 0))), 'older revision');
      assert.not.ok(await embeddings.replace('w1', 'nope', 1, space, []), 'no chunks');
      assert.ok(await embeddings.replace('w1', 's1', 2, space, vectorsFor('s1', vec(1, 0), vec(0, 1))));
      assert.is((await embeddings.nearest('w1', ['s1'], space, q(vec(1, 0)), 5)).length, 2);
      assert.equal(await embeddings.unembedded(['s1'], space, new Date()), []);

      await chunks.replace('w1', 's1', 3, [chunk(0, 'new text')]);
      assert.equal(
        await embeddings.nearest('w1', ['s1'], space, q(vec(1, 0)), 5),
        [],
        'old vectors never meet new text',
      );
      assert.equal(await embeddings.unembedded(['s1'], space, new Date()), ['s1']);
      const toEmbed = await embeddings.chunksToEmbed('s1');
      assert.equal(toEmbed, { revision: 3, chunks: [{ chunkId: 's1:0', headingPath: ['Help'], text: 'new text' }] });
      assert.ok(await embeddings.replace('w1', 's1', 3, space, vectorsFor('s1', vec(0, 1))));
      assert.is((await embeddings.nearest('w1', ['s1'], space, q(vec(0, 1)), 5))[0]!.text, 'new text');

      await chunks.remove('s1');
      assert.equal(await embeddings.nearest('w1', ['s1'], space, q(vec(0, 1)), 5), []);
      assert.is(await embeddings.chunksToEmbed('s1'), null);
      assert.equal(await embeddings.unembedded(['s1'], space, new Date()), []);
    });

    t('a failure is kept with its reason and retried after its time; a success clears it', async () => {
      const { chunks, embeddings } = store.store;
      await chunks.replace('w1', 's1', 1, [chunk(0, 'a')]);
      await embeddings.replace('w1', 's1', 1, space, vectorsFor('s1', vec(1, 0)));
      await embeddings.recordFailure('w1', 's1', 1, space, 'The provider refused the API key (401)');
      const [state] = await embeddings.states('s1');
      assert.equal(
        { ...state, updatedAt: typeof state!.updatedAt },
        {
          connectionId: 'c1',
          model: 'm1',
          revision: 1,
          vectors: 0,
          error: 'The provider refused the API key (401)',
          updatedAt: 'string',
        },
      );
      assert.equal(
        await embeddings.nearest('w1', ['s1'], space, q(vec(1, 0)), 5),
        [],
        'the failed set is not searched',
      );
      assert.equal(await embeddings.unembedded(['s1'], space, new Date(Date.now() - 60_000)), []);
      assert.equal(await embeddings.unembedded(['s1'], space, new Date(Date.now() + 60_000)), ['s1']);
      await embeddings.replace('w1', 's1', 1, space, vectorsFor('s1', vec(1, 0)));
      assert.is((await embeddings.states('s1'))[0]!.error, null);
      assert.is((await embeddings.states('s1'))[0]!.vectors, 1);
    });

    t('keepOnly drops the sets of spaces no longer in use', async () => {
      const { chunks, embeddings } = store.store;
      await chunks.replace('w1', 's1', 1, [chunk(0, 'a')]);
      const old = { connectionId: 'c1', model: 'old' };
      await embeddings.replace('w1', 's1', 1, old, vectorsFor('s1', vec(1, 0)));
      await embeddings.replace('w1', 's1', 1, space, vectorsFor('s1', vec(1, 0)));
      assert.is((await embeddings.nearest('w1', ['s1'], old, q(vec(1, 0)), 5)).length, 1);
      await embeddings.keepOnly([space]);
      assert.equal(
        (await embeddings.states('s1')).map((s) => s.model),
        ['m1'],
      );
      assert.equal(await embeddings.nearest('w1', ['s1'], old, q(vec(1, 0)), 5), []);
      assert.is((await embeddings.nearest('w1', ['s1'], space, q(vec(1, 0)), 5)).length, 1);
    });

    t.run();
  },
);
