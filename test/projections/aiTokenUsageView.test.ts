// The `ai_token_usage` view built by the real runner: tokens in and out of every recorded model
// answer, per workspace and UTC month of the answer; failures and other workspaces count apart.
// Playground calls and evaluation runs' answer checks count like visitors' turns; runs recorded
// before they kept their tokens count as none.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices, type Services } from '../../app/compositionRoot.js';
import { systemContext } from '../../commands/commandContext.js';
import { aiTokensUsed } from '../../projections/views/aiTokenUsageView.js';
import { EVALUATION_RUNS } from '../../projections/views/evaluationRunsView.js';
import { aiTokenBudget } from '../../projections/queries/aiTokenBudget.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

let store: TestSql;
let services: Services;
let dataDir: string;

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'confab-ai-token-usage-view-'));
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

const ids = (workspaceId: string) => ({ sessionId: 's1', chatbotId: 'c1', workspaceId, responseId: 'r1' });
function answered(workspaceId: string, occurredAt: string, tokensIn: number, tokensOut: number) {
  return {
    type: 'AgentAnswered',
    data: { ...ids(workspaceId), model: 'm', tokensIn, tokensOut, latencyMs: 5, finishReason: 'stop', toolCall: null },
    metadata: { ...systemContext('test', workspaceId), occurredAt } as never,
  };
}

test('each answer adds its tokens to the month it was recorded in', async () => {
  const failed = {
    type: 'AgentFailed',
    data: { ...ids('w1'), error: 'timeout', detail: 'slow', model: 'm', latencyMs: 30000 },
    metadata: { ...systemContext('test', 'w1'), occurredAt: '2030-03-31T23:59:59.999Z' } as never,
  };
  const { position } = await services.events.append('conversation-s1', [
    answered('w1', '2030-03-31T23:59:59.999Z', 100, 20),
    answered('w1', '2030-03-15T10:00:00.000Z', 7, 3),
    failed,
    answered('w1', '2030-04-01T00:00:00.000Z', 50, 5),
    answered('w2', '2030-03-20T00:00:00.000Z', 1000, 1),
  ]);
  await services.projections.waitFor(position);
  assert.is(await aiTokensUsed(services.views, 'w1', '2030-03'), 130);
  assert.is(await aiTokensUsed(services.views, 'w1', '2030-04'), 55);
  assert.is(await aiTokensUsed(services.views, 'w2', '2030-03'), 1001);
  assert.is(await aiTokensUsed(services.views, 'w1', '2030-05'), 0, 'a month without calls is 0');
});

const meta = (workspaceId: string, occurredAt: string) =>
  ({ ...systemContext('test', workspaceId), occurredAt }) as never;
function evaluationRun(workspaceId: string, runId: string, occurredAt: string, tokens: Record<string, number>) {
  const summary = { questions: 1, hits: 1, hitRate: 1, answerChecks: { checked: 1, passed: 1 } };
  return {
    type: 'EvaluationRunRecorded',
    data: { workspaceId, runId, chatbotId: 'c1', k: 5, ...summary, results: [], ...tokens },
    metadata: meta(workspaceId, occurredAt),
  };
}

test('playground calls and evaluation runs add their tokens to the month they were recorded in', async () => {
  const preview = (id: string, occurredAt: string, tokensIn: number, tokensOut: number) =>
    services.events.append(`agent-preview-${id}`, [
      {
        type: 'AgentPreviewAnswered',
        data: { workspaceId: 'w3', chatbotId: 'c1', model: 'm', tokensIn, tokensOut },
        metadata: meta('w3', occurredAt),
      },
    ]);
  await preview('p1', '2030-06-30T23:59:59.999Z', 200, 20);
  await preview('p2', '2030-07-01T00:00:00.000Z', 9, 1);
  const { position } = await services.events.append('knowledge-evaluation-w3', [
    evaluationRun('w3', 'r1', '2030-06-10T00:00:00.000Z', { tokensIn: 300, tokensOut: 30 }),
    // Recorded before runs kept their tokens, or run without a chatbot: nothing to count.
    evaluationRun('w3', 'r2', '2030-06-11T00:00:00.000Z', {}),
    evaluationRun('w3', 'r3', '2030-07-02T00:00:00.000Z', { tokensIn: 4, tokensOut: 1 }),
  ]);
  await services.projections.waitFor(position);
  assert.is(await aiTokensUsed(services.views, 'w3', '2030-06'), 550);
  assert.is(await aiTokensUsed(services.views, 'w3', '2030-07'), 15);
  const runs = await services.views.find(EVALUATION_RUNS, { workspaceId: 'w3' });
  assert.is(runs.length, 3, 'the runs themselves are listed as before');
  assert.ok(
    runs.every((r) => !('tokensIn' in r) && !('tokensOut' in r)),
    'a run lists no tokens',
  );
});

test('the budget reads the plan from the workspaces view; an unknown workspace gets no tokens', async () => {
  const { workspaceId } = await services.workspaces.createWorkspace(
    { name: 'Budget', plan: 'starter', ownerEmail: 'budget@example.com' },
    systemContext('test'),
  );
  assert.equal(await aiTokenBudget(services.views, workspaceId, new Date('2030-03-02T00:00:00Z')), {
    month: '2030-03',
    tokensUsed: 0,
    tokenLimit: 1_000_000,
  });
  assert.equal(await aiTokenBudget(services.views, 'w1', new Date('2030-03-02T00:00:00Z')), {
    month: '2030-03',
    tokensUsed: 130,
    tokenLimit: 0,
  });
});

test.run();
