/**
 * The Knowledge page in Chromium: sources added as pasted text and as an uploaded file go from
 * queued to ready while the list polls, with their counts and the plan's limits; a refused web
 * address stands under its field; a damaged PDF fails with its reason; re-index and delete after
 * a confirmation. Every state axe-scanned and screenshotted.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pdfOf } from '../../support/knowledgeSamples.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/openAiStandIn.js';
import { reportedSetUp } from '../../support/reportedSetUp.js';
import { newChatbot } from '../../support/visitorChat.js';
import {
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  startDashboardEnv,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

const EXT = '/api/v1/external/v1';
let env: DashboardEnv;
let standIn: OpenAiStandIn;
let owner: SignedInWorkspace;
/** The chatbot whose agent the Agent tab test set up. */
let agentBotId = '';
const dir = mkdtempSync(join(tmpdir(), 'knowledge-'));

test.before(
  reportedSetUp(async () => {
    standIn = await startOpenAiStandIn();
    env = await startDashboardEnv({ LLM_ALLOW_HOSTS: '127.0.0.1', MODEL_KEY_SECRET: 'cd'.repeat(32) });
    owner = await createSignedInWorkspace(env.app, 'starter', { name: 'Northwind Traders' });
  }),
);
test.after(async () => {
  try {
    await env?.close();
  } finally {
    await standIn?.close();
  }
});

const sources = async () => (await env.app.api('GET', `${EXT}/knowledge/sources`, { apiKey: owner.apiKey })).body.data;

test('sources: pasted text and a file indexed to ready as the list polls; a refusal under its field; a failure with its reason', async () => {
  const opened = await openDashboard(env, owner, '/knowledge');
  const { page } = opened;
  await settled(page);
  await page.getByRole('heading', { name: 'No knowledge sources yet' }).waitFor();
  const nav = page.getByRole('navigation').first();
  assert.is(await nav.getByRole('link', { name: 'Knowledge' }).getAttribute('aria-current'), 'page');
  await page.getByText('0 of 25').waitFor();
  await page.getByText('0 KB of 50.0 MB').waitFor();
  await checkPage(opened, 'knowledge-empty');

  // Pasted text: queued at once, ready without a reload.
  await page.getByRole('button', { name: 'Add source' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a knowledge source' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Add source' }).click();
  await dialog.getByText('Title cannot be empty.').waitFor();
  await dialog.getByLabel('Title').fill('Returns policy');
  await dialog
    .getByLabel(/^Text/)
    .fill(
      '# Returns\n\nParcels may be returned within 30 days, free of charge.\n\n## Refunds\n\nRefunds take five days.',
    );
  await checkPage(opened, 'knowledge-add-text');
  await dialog.getByRole('button', { name: 'Add source' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = page.getByRole('row', { name: /Returns policy/ });
  await row.getByText('Ready').waitFor({ timeout: 20_000 });
  await row.getByText(/\d+ passages? · 1 page/).waitFor();

  // A web address over http: the server's refusal under the URL field, in words.
  await page.getByRole('button', { name: 'Add source' }).first().click();
  await dialog.getByRole('button', { name: 'Web page' }).click();
  assert.is(await dialog.getByRole('button', { name: 'Web page' }).getAttribute('aria-pressed'), 'true');
  await dialog.getByLabel('Page URL').fill('http://shop.example/help');
  await dialog.getByLabel(/This is a sitemap/).check();
  await dialog.getByRole('button', { name: 'Add source' }).click();
  const urlError = page.locator('.field-invalid', { has: page.getByLabel('Page URL') }).locator('.field-error');
  await urlError.waitFor();
  assert.is(await urlError.innerText(), 'Page URL must start with https://.');
  await checkPage(opened, 'knowledge-add-url-refused', { allow: / 400\b|status of 400/ });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A file: its name and size before it is sent; then ready with its format.
  const md = join(dir, 'shipping.md');
  writeFileSync(md, '# Shipping\n\nWe ship worldwide within three working days.\n');
  await page.getByRole('button', { name: 'Add source' }).first().click();
  await dialog.getByRole('button', { name: 'File' }).click();
  await dialog.getByLabel('File', { exact: true }).setInputFiles(md);
  await dialog.getByText('shipping.md · 1 KB').waitFor();
  await checkPage(opened, 'knowledge-add-file', { allow: / 400\b|status of 400/ });
  await dialog.getByRole('button', { name: 'Upload and index' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const fileRow = page.getByRole('row', { name: /shipping\.md/ });
  await fileRow.getByText('Ready').waitFor({ timeout: 20_000 });
  await fileRow.getByText('Markdown · shipping.md').waitFor();

  // A damaged PDF: failed, with the reason a person can act on.
  const pdf = join(dir, 'terms.pdf');
  writeFileSync(pdf, pdfOf('Terms of sale').subarray(0, 120));
  await page.getByRole('button', { name: 'Add source' }).first().click();
  await dialog.getByRole('button', { name: 'File' }).click();
  await dialog.getByLabel('File', { exact: true }).setInputFiles(pdf);
  await dialog.getByLabel(/^Title/).fill('Terms of sale');
  await dialog.getByRole('button', { name: 'Upload and index' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const failedRow = page.getByRole('row', { name: /Terms of sale/ });
  await failedRow.getByText('Failed').waitFor({ timeout: 20_000 });
  const reason = await failedRow.locator('.cell-sub-wrap').innerText();
  assert.ok(reason.length > 10, reason);
  await page.getByText('3 of 25').waitFor();
  await checkPage(opened, 'knowledge-sources', { allow: / 400\b|status of 400/ });
  assert.equal(
    (await sources()).map((s: any) => [s.title, s.status]),
    [
      ['Returns policy', 'ready'],
      ['shipping.md', 'ready'],
      ['Terms of sale', 'failed'],
    ],
  );
  await page.context().close();
});

test('re-index goes through queued back to ready; delete asks first', async () => {
  const opened = await openDashboard(env, owner, '/knowledge');
  const { page } = opened;
  await settled(page);
  const row = page.getByRole('row', { name: /Returns policy/ });
  await row.getByRole('button', { name: 'Re-index Returns policy' }).click();
  await page.getByText('Returns policy is being indexed again.').waitFor();
  await row.getByText('Ready').waitFor({ timeout: 20_000 });
  // Nothing left to index: the list is not read again.
  let reads = 0;
  page.on('request', (r) => r.url().endsWith('/knowledge/sources') && r.method() === 'GET' && reads++);
  await page.waitForTimeout(4000);
  assert.is(reads, 0, 'no polling once every source is ready or failed');

  await page.getByRole('button', { name: 'Delete Terms of sale' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this source?' });
  await confirm.waitFor();
  await checkPage(opened, 'knowledge-delete');
  await confirm.getByRole('button', { name: 'Delete source' }).click();
  await page.getByRole('row', { name: /Terms of sale/ }).waitFor({ state: 'detached' });
  assert.equal(
    (await sources()).map((s: any) => s.title),
    ['Returns policy', 'shipping.md'],
  );
  await page.context().close();
});

test("the Agent tab: the agent's sources chosen, answer only from knowledge, a person when nothing is found", async () => {
  const connection = await env.app.api('POST', `${EXT}/model-connections`, {
    apiKey: owner.apiKey,
    body: { name: 'Stand-in', baseUrl: standIn.baseUrl, apiKey: standIn.apiKey, chatModel: 'gpt-4o-mini' },
  });
  assert.is(connection.status, 201, JSON.stringify(connection.body));
  const chatbotId = await newChatbot(env.app, owner.apiKey, 'Shop helper');
  agentBotId = chatbotId;
  const agent = await env.app.api('PUT', `${EXT}/chatbots/${chatbotId}/agent`, {
    apiKey: owner.apiKey,
    body: { name: 'Ava', instructions: 'You help shoppers.', connectionId: connection.body.data.id },
  });
  assert.is(agent.status, 200, JSON.stringify(agent.body));
  const [returns] = await sources();

  const opened = await openDashboard(env, owner, `/chatbots/${chatbotId}`);
  const { page } = opened;
  await settled(page);
  await page.getByRole('tab', { name: 'Agent' }).click();
  const group = page.getByRole('group', { name: 'Sources the agent answers from' });
  await group.waitFor();
  const onlyKnowledge = page.getByRole('switch', { name: /Answer only from knowledge/ });
  assert.ok(await onlyKnowledge.isDisabled(), 'nothing to answer only from until a source is chosen');
  assert.is(await page.getByLabel('When nothing is found', { exact: true }).count(), 0);
  await group.getByLabel(/Returns policy/).check();
  await onlyKnowledge.check();
  await page.getByLabel('When nothing is found', { exact: true }).selectOption('handoff');
  // The playground answers with the sources as ticked, before they are saved, and shows the ones cited.
  standIn.script({ kind: 'text', text: 'Returns are free within 30 days [1].' });
  await page.getByLabel('Message as a visitor').fill('Can I return a parcel?');
  await page.getByRole('button', { name: 'Send' }).click();
  const log = page.getByRole('log', { name: 'Playground conversation' });
  await log.getByText('Returns are free within 30 days [1].').waitFor();
  assert.equal(await log.getByRole('list', { name: 'Sources' }).getByRole('listitem').allInnerTexts(), [
    'Returns policy',
  ]);
  // The passages behind the answer, folded under it: opened, each with its number, place and text.
  await log.getByText(/passages? behind this answer/).click();
  const passage = log.locator('.playground-passages li').first();
  await passage.waitFor();
  assert.match(await passage.innerText(), /^\[1\] Returns policy/);
  assert.match(await passage.innerText(), /score \d\.\d{3}/);
  await checkPage(opened, 'agent-tab-knowledge');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Agent saved').waitFor();
  const stored = await env.app.api('GET', `${EXT}/chatbots/${chatbotId}/agent`, { apiKey: owner.apiKey });
  assert.equal(stored.body.data.knowledge, {
    sourceIds: [returns.id],
    answerOnlyFromKnowledge: true,
    onNoAnswer: 'handoff',
  });

  // Saved is what the form shows after a reload; unticking every source saves none (null).
  await page.reload();
  await settled(page);
  await page.getByRole('tab', { name: 'Agent' }).click();
  assert.ok(await group.getByLabel(/Returns policy/).isChecked());
  await group.getByLabel(/Returns policy/).uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Agent saved').waitFor();
  const cleared = await env.app.api('GET', `${EXT}/chatbots/${chatbotId}/agent`, { apiKey: owner.apiKey });
  assert.is(cleared.body.data.knowledge, null);
  await page.context().close();
});

test("a conversation's record shows the sources each AI answer cites", async () => {
  const [returns] = await sources();
  const agent = await env.app.api('GET', `${EXT}/chatbots/${agentBotId}/agent`, { apiKey: owner.apiKey });
  const { name, instructions, connectionId } = agent.body.data;
  const saved = await env.app.api('PUT', `${EXT}/chatbots/${agentBotId}/agent`, {
    apiKey: owner.apiKey,
    body: { name, instructions, connectionId, knowledge: { sourceIds: [returns.id] } },
  });
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  standIn.script({ kind: 'text', text: 'Parcels may be returned within 30 days, free of charge [1].' });
  const started = await env.app.api('POST', `/api/v1/chat/${agentBotId}/sessions`, { body: {} });
  const sessionId = started.body.sessionId;
  const answered = await env.app.api('POST', `/api/v1/chat/${agentBotId}/sessions/${sessionId}/messages`, {
    body: { message: 'Can I return a parcel?' },
  });
  assert.equal(answered.body.messages.at(-1).sources, [
    { ref: 1, sourceId: returns.id, title: 'Returns policy', url: null },
  ]);
  const list = await env.app.api('GET', `${EXT}/chatbots/${agentBotId}/responses`, { apiKey: owner.apiKey });
  const responseId = list.body.data[0]._id;

  const opened = await openDashboard(env, owner, `/responses/${responseId}`);
  const { page } = opened;
  await settled(page);
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await transcript.getByText('Parcels may be returned within 30 days, free of charge [1].').waitFor();
  const cited = transcript.getByRole('list', { name: 'Sources' });
  assert.equal(await cited.getByRole('listitem').allInnerTexts(), ['Returns policy']);
  assert.is(await cited.locator('li').first().getAttribute('value'), '1');
  await checkPage(opened, 'response-cited-sources');
  await page.context().close();
});

/** More unanswered questions than one page holds, served by the test (page.route). */
async function serveUnanswered(page: Page) {
  const question = (id: string, text: string, action: string, askedAt: string) => ({
    id,
    question: text,
    chatbotId: agentBotId,
    sessionId: `s-${id}`,
    responseId: `r-${id}`,
    action,
    askedAt,
  });
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/v1/dashboard/knowledge/unanswered**', (route) => {
    const cursor = new URL(route.request().url()).searchParams.get('cursor');
    return route.fulfill(
      json(
        cursor
          ? {
              data: [question('u3', 'Is there a shop in Oslo?', 'answered_without_source', '2026-11-27T09:00:00.000Z')],
              nextCursor: null,
            }
          : {
              data: [
                question('u1', 'Do you ship to Norway?', 'handed_off', '2026-11-29T07:00:00.000Z'),
                question('u2', 'What are your opening hours on Sunday?', 'clarified', '2026-11-28T12:00:00.000Z'),
              ],
              nextCursor: 'next',
            },
      ),
    );
  });
}

test('unanswered questions: more on request, page by page', async () => {
  const opened = await openDashboard(env, owner, '/knowledge');
  const { page } = opened;
  await serveUnanswered(page);
  await settled(page);
  await page.getByRole('tab', { name: 'Unanswered questions' }).click();
  const table = page.getByRole('table', { name: 'Unanswered questions' });
  await table.getByText('Do you ship to Norway?').waitFor();
  await table
    .getByRole('row', { name: /Norway/ })
    .getByText('Passed to a person')
    .waitFor();
  await table
    .getByRole('row', { name: /Sunday/ })
    .getByText('Asked to rephrase')
    .waitFor();
  assert.is(
    await table.getByRole('link', { name: 'Open the conversation: Do you ship to Norway?' }).getAttribute('href'),
    '/dashboard/responses/r-u1',
  );
  await page.getByRole('button', { name: 'Show more' }).click();
  await table.getByText('Is there a shop in Oslo?').waitFor();
  assert.is(await page.getByRole('button', { name: 'Show more' }).count(), 0);
  await checkPage(opened, 'knowledge-unanswered');
  await page.context().close();
});

test('unanswered questions from real conversations: what the agent did, the chatbot, a link to the conversation', async () => {
  const [returns] = await sources();
  const agent = await env.app.api('GET', `${EXT}/chatbots/${agentBotId}/agent`, { apiKey: owner.apiKey });
  const { name, instructions, connectionId } = agent.body.data;
  const ask = async (onNoAnswer: 'clarify' | 'handoff', message: string) => {
    const saved = await env.app.api('PUT', `${EXT}/chatbots/${agentBotId}/agent`, {
      apiKey: owner.apiKey,
      body: {
        name,
        instructions,
        connectionId,
        knowledge: { sourceIds: [returns.id], answerOnlyFromKnowledge: true, onNoAnswer },
      },
    });
    assert.is(saved.status, 200, JSON.stringify(saved.body));
    const started = await env.app.api('POST', `/api/v1/chat/${agentBotId}/sessions`, { body: {} });
    const r = await env.app.api('POST', `/api/v1/chat/${agentBotId}/sessions/${started.body.sessionId}/messages`, {
      body: { message },
    });
    assert.is(r.status, 200, JSON.stringify(r.body));
  };
  await ask('clarify', 'Do you sell bicycles?');
  await ask('handoff', 'Is there a shop in Oslo?');

  const opened = await openDashboard(env, owner, '/knowledge');
  const { page } = opened;
  await settled(page);
  await page.getByRole('tab', { name: 'Unanswered questions' }).click();
  const table = page.getByRole('table', { name: 'Unanswered questions' });
  await table.getByText('Is there a shop in Oslo?').waitFor();
  const rows = await table.locator('tbody tr').allInnerTexts();
  assert.match(rows[0], /Is there a shop in Oslo\?[\s\S]*Shop helper[\s\S]*Passed to a person/);
  assert.match(rows[1], /Do you sell bicycles\?[\s\S]*Asked to rephrase/);
  await page.getByLabel('Chatbot', { exact: true }).selectOption(agentBotId);
  await table.getByText('Do you sell bicycles?').waitFor();
  await checkPage(opened, 'knowledge-unanswered-real');
  await table.getByRole('link', { name: 'Open the conversation: Is there a shop in Oslo?' }).click();
  await page.getByRole('log', { name: 'Transcript' }).getByText('Is there a shop in Oslo?').waitFor();
  await page.context().close();
});

test('evaluation: a test question with its source and facts; a run with its hit rate and results, listed', async () => {
  const [returns] = await sources();
  const opened = await openDashboard(env, owner, '/knowledge');
  const { page } = opened;
  await settled(page);
  await page.getByRole('tab', { name: 'Evaluation' }).click();
  await page.getByRole('heading', { name: 'No test questions yet' }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Run evaluation' }).isDisabled(), 'nothing to run yet');
  await page.getByRole('button', { name: 'Add question' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a test question' });
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.getByText('Choose the source that answers it.').waitFor();
  await dialog.getByLabel('Question', { exact: true }).fill('Can I return a parcel?');
  await dialog.getByRole('group', { name: 'Sources that answer it' }).getByLabel('Returns policy').check();
  await dialog.getByLabel(/^Facts the answer must contain/).fill('30 days\nfree of charge');
  await checkPage(opened, 'knowledge-evaluation-add');
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('table', { name: 'Test questions' }).getByText('Can I return a parcel?').waitFor();
  const stored = await env.app.api('GET', `${EXT}/knowledge/evaluation/questions`, { apiKey: owner.apiKey });
  assert.equal(
    stored.body.data.map((q: any) => [q.question, q.expectedSourceIds, q.expectedFacts]),
    [['Can I return a parcel?', [returns.id], ['30 days', 'free of charge']]],
  );

  // Retrieval only: the source is found first.
  await page.getByRole('button', { name: 'Run evaluation' }).click();
  await page.getByText('Evaluated: hit rate at 5 is 100%.').waitFor();
  const results = page.getByRole('table', { name: 'Results of the run' });
  await results
    .getByRole('row', { name: /return a parcel/ })
    .getByText('Hit at 1')
    .waitFor();
  await results
    .getByRole('row', { name: /return a parcel/ })
    .getByText('Not asked')
    .waitFor();
  await page.getByText('Hit rate at 5: 100% (1 of 1). Retrieval only.').waitFor();

  // With the agent: its answer is checked for the facts.
  standIn.script({ kind: 'text', text: 'Parcels may be returned within 30 days [1].' });
  await page.getByLabel('Agent to ask').selectOption(agentBotId);
  await page.getByRole('button', { name: 'Run evaluation' }).click();
  await page.getByText('Evaluated: hit rate at 5 is 100%; 0 of 1 answer passed.').waitFor();
  await page.getByText('0 of 1 answer passed', { exact: false }).first().waitFor();
  await results
    .getByRole('row', { name: /return a parcel/ })
    .getByText('Missing facts')
    .waitFor();
  await results
    .getByRole('row', { name: /return a parcel/ })
    .getByText('free of charge')
    .waitFor();
  const runs = page.getByRole('table', { name: 'Evaluation runs' });
  assert.is(await runs.getByRole('row').count(), 3, 'a header and two runs');
  await checkPage(opened, 'knowledge-evaluation');

  // The earlier run's results, opened from the list.
  await runs
    .getByRole('row')
    .nth(2)
    .getByRole('button', { name: /Show the results/ })
    .click();
  await page.getByText('Hit rate at 5: 100% (1 of 1). Retrieval only.').waitFor();
  await page.context().close();
});

test.run();
