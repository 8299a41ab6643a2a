import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  decideKnowledgeSource,
  evolveKnowledgeSource,
  initialKnowledgeSourceState,
  type KnowledgeSourceCommand,
  type KnowledgeSourceState,
} from '../../../domain/knowledge/knowledgeSource.js';

const run = (state: KnowledgeSourceState, command: KnowledgeSourceCommand) => {
  const events = decideKnowledgeSource(command, state);
  return { events, state: events.reduce(evolveKnowledgeSource, state) };
};
const added = run(initialKnowledgeSourceState, {
  type: 'AddKnowledgeSource',
  source: {
    sourceId: 's1',
    workspaceId: 'w1',
    type: 'url',
    title: 'a.example',
    titleGiven: false,
    url: 'https://a.example/',
    sitemap: false,
    fileName: null,
    format: null,
    sizeBytes: 0,
  },
}).state;

test('each revision is reported once; a stale report changes nothing', () => {
  assert.is(added.status, 'queued');
  const started = run(added, { type: 'StartKnowledgeProcessing', revision: 1 }).state;
  assert.is(started.status, 'processing');
  const again = run(started, { type: 'ReindexKnowledgeSource', workspaceId: 'w1' }).state;
  assert.is(again.revision, 2);
  const stale = run(again, {
    type: 'RecordKnowledgeIndexed',
    revision: 1,
    characters: 1,
    chunks: 1,
    pages: 1,
    sizeBytes: 1,
  });
  assert.equal(stale.events, []);
  const done = run(again, {
    type: 'RecordKnowledgeIndexed',
    revision: 2,
    characters: 5,
    chunks: 1,
    pages: 1,
    sizeBytes: 9,
    title: 'A page',
  });
  assert.is(done.state.status, 'ready');
  assert.is(done.state.description!.title, 'A page', 'an untitled URL source takes the page title');
  assert.equal(run(done.state, { type: 'RecordKnowledgeFailed', revision: 2, error: 'x' }).events, []);
});

test('a queued source is not queued twice; another workspace gets a 404; deleted is gone', () => {
  assert.equal(run(added, { type: 'ReindexKnowledgeSource', workspaceId: 'w1' }).events, []);
  assert.throws(() => run(added, { type: 'DeleteKnowledgeSource', workspaceId: 'w2' }), /not found/);
  const deleted = run(added, { type: 'DeleteKnowledgeSource', workspaceId: 'w1' }).state;
  assert.throws(() => run(deleted, { type: 'ReindexKnowledgeSource', workspaceId: 'w1' }), /not found/);
  assert.equal(run(deleted, { type: 'StartKnowledgeProcessing', revision: 1 }).events, []);
});

test.run();
