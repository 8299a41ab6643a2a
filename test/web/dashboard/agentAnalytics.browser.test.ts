/**
 * The Agent tab's Analytics card in Chromium: a chatbot whose agent had conversations over the
 * last days (events appended as the agent's turns record them) shows its conversations, outcomes,
 * top handoff reasons, share of answers with a source, unanswered questions, tokens and answer
 * times; axe-scanned and screenshotted at desktop and phone sizes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { reportedSetUp } from '../../support/reportedSetUp.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/openAiStandIn.js';
import { newChatbot } from '../../support/visitorChat.js';
import { systemContext } from '../../../commands/commandContext.js';
import {
  startDashboardEnv,
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

const EXT = '/api/v1/external/v1';
const HOUR = 3_600_000;

let env: DashboardEnv;
let standIn: OpenAiStandIn;
let owner: SignedInWorkspace;
let chatbotId = '';

/** One conversation of the agent, `daysAgo` days back: its answers, then how it ended (or not). */
async function conversation(
  n: number,
  daysAgo: number,
  answers: { cited: boolean; latencyMs: number }[],
  end: { resolution: string; reason?: string } | null,
  unanswered: string[] = [],
): Promise<void> {
  const sessionId = `dash-analytics-${n}`;
  const base = Date.now() - daysAgo * 24 * HOUR - 2 * HOUR;
  let step = 0;
  const at = () => new Date(base + step++ * 1000).toISOString();
  const ids = { sessionId, chatbotId, workspaceId: owner.workspaceId };
  const meta = (occurredAt: string) => ({ ...systemContext('test', owner.workspaceId), occurredAt }) as never;
  const started = at();
  const events: { type: string; data: Record<string, unknown>; metadata: never }[] = [
    {
      type: 'ConversationStarted',
      data: { ...ids, aiAgent: 'Ava', chatbotName: 'Shop helper', startedAt: started, messages: [] },
      metadata: meta(started),
    },
  ];
  for (const a of answers) {
    const t = at();
    events.push({
      type: 'AgentAnswered',
      data: {
        ...ids,
        responseId: `r-${n}`,
        model: 'gpt-4o-mini',
        tokensIn: 850,
        tokensOut: 95,
        latencyMs: a.latencyMs,
        finishReason: 'stop',
        toolCall: null,
        provenance: {
          instructionsVersion: 'v1',
          searches: ['q'],
          chunks: [],
          citedSourceIds: a.cited ? ['returns-policy'] : [],
        },
      },
      metadata: meta(t),
    });
  }
  for (const question of unanswered) {
    const t = at();
    events.push({
      type: 'KnowledgeNotFound',
      data: { ...ids, responseId: `r-${n}`, question, action: 'clarified', askedAt: t },
      metadata: meta(t),
    });
  }
  if (end) {
    const t = at();
    events.push({
      type: 'ConversationCompleted',
      data: {
        ...ids,
        responseId: `r-${n}`,
        resolution: end.resolution,
        escalationReason: end.reason ?? null,
        duration: 60,
        turnCount: answers.length,
        completedAt: t,
      },
      metadata: meta(t),
    });
  }
  const { position } = await env.app.services.events.append(`conversation-${sessionId}`, events);
  await env.app.services.projections.waitFor(position);
}

test.before(
  reportedSetUp(async () => {
    standIn = await startOpenAiStandIn();
    env = await startDashboardEnv({ LLM_ALLOW_HOSTS: '127.0.0.1', MODEL_KEY_SECRET: 'ef'.repeat(32) });
    owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Northwind Traders' });
    chatbotId = await newChatbot(env.app, owner.apiKey, 'Shop helper');
    const connection = await env.app.api('POST', `${EXT}/model-connections`, {
      apiKey: owner.apiKey,
      body: { name: 'Stand-in', baseUrl: standIn.baseUrl, apiKey: standIn.apiKey, chatModel: 'gpt-4o-mini' },
    });
    assert.is(connection.status, 201, JSON.stringify(connection.body));
    const agent = await env.app.api('PUT', `${EXT}/chatbots/${chatbotId}/agent`, {
      apiKey: owner.apiKey,
      body: { name: 'Ava', instructions: 'You help shoppers. Be brief.', connectionId: connection.body.data.id },
    });
    assert.is(agent.status, 200, JSON.stringify(agent.body));
  }),
);
test.after(async () => {
  await env?.close();
  await standIn?.close();
});

test('the Agent tab shows what the agent did over the last 30 days', async () => {
  const fast = (cited: boolean) => ({ cited, latencyMs: 1200 });
  const resolved = { resolution: 'resolved' };
  await conversation(1, 0, [fast(true), fast(true)], resolved);
  await conversation(2, 1, [fast(true)], resolved);
  await conversation(3, 2, [fast(true), fast(false)], resolved, ['Do you ship to the Canary Islands?']);
  await conversation(4, 3, [fast(true)], resolved);
  await conversation(5, 5, [fast(true), { cited: true, latencyMs: 6400 }], resolved);
  await conversation(6, 8, [fast(false)], { resolution: 'escalated', reason: 'visitor_request' });
  await conversation(7, 9, [fast(false)], { resolution: 'escalated', reason: 'visitor_request' });
  await conversation(8, 12, [fast(false)], { resolution: 'escalated', reason: 'low_confidence' }, [
    'Can I return a gift card?',
    'Is there a warranty on refurbished items?',
  ]);
  await conversation(9, 15, [fast(true)], { resolution: 'escalated', reason: 'out_of_scope' });
  await conversation(10, 20, [fast(true)], { resolution: 'ended' });
  await conversation(11, 0, [fast(true)], null);
  // Outside the period: not counted.
  await conversation(12, 45, [fast(true)], resolved);

  const opened = await openDashboard(env, owner, `/chatbots/${chatbotId}`);
  const { page } = opened;
  await settled(page);
  await page.getByRole('tab', { name: 'Agent' }).click();
  const card = page.locator('section.card', { has: page.getByRole('heading', { name: 'Analytics · last 30 days' }) });
  await card.waitFor();
  await settled(page);
  const figure = (label: string) => card.locator('.agent-figure', { has: page.getByText(label, { exact: true }) });
  assert.is(await figure('Conversations').locator('.stat-value').innerText(), '11');
  assert.is(await figure('Conversations').locator('.stat-sub').innerText(), '14 answers');
  assert.is(await figure('Answers with a source').locator('.stat-value').innerText(), '71%');
  assert.is(await figure('Answers with a source').locator('.stat-sub').innerText(), '10 of 14');
  assert.match(await figure('Answer time').locator('.stat-value').innerText(), /^1\.\d s$/);
  assert.match(await figure('Answer time').locator('.stat-sub').innerText(), /^95% within [67]\.\d s$/);
  assert.match(await figure('Tokens').locator('.stat-sub').innerText(), /11,900 in · 1,330 out/);
  const outcomes = await card.locator('.outcome-list li').allInnerTexts();
  assert.equal(
    outcomes.map((o) => o.replace(/\s+/g, ' ').trim()),
    ['Resolved 5 (45%)', 'Handed off 4 (36%)', 'Ended 1 (9%)', 'Still open 1'],
  );
  const reasons = await card.locator('.reason-list li').allInnerTexts();
  assert.equal(
    reasons.map((r) => r.replace(/\s+/g, ' ').trim()),
    ['The visitor asked for a person 2', 'Not sure of the answer 1', 'Out of scope 1'],
  );
  await card.getByText(/3 questions found nothing in the agent's knowledge/).waitFor();
  await checkPage(opened, 'agent-analytics', {
    settle: () => card.scrollIntoViewIfNeeded(),
  });
  await page.context().close();
});

test.run();
