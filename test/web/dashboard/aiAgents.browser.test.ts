/**
 * AI agents on the dashboard in Chromium against the OpenAI stand-in: the Model connections page
 * (add with the key as a password field never shown again, test the connection and read the
 * provider's refusal in plain words, edit keeping the key, delete after a confirmation), the Agent
 * tab (a server refusal under its field, saved, removed) and the playground (an answer with its
 * model, tokens and latency; only its tokens recorded, and the month's line of AI tokens read
 * again). Every state axe-scanned and screenshotted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { reportedSetUp } from '../../support/reportedSetUp.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/openAiStandIn.js';
import { memberOf } from '../../api/dashboard/dashboardFixtures.js';
import { newChatbot } from '../../support/visitorChat.js';
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

let env: DashboardEnv;
let standIn: OpenAiStandIn;
let owner: SignedInWorkspace;
let chatbotId = '';

test.before(
  reportedSetUp(async () => {
    standIn = await startOpenAiStandIn();
    env = await startDashboardEnv({ LLM_ALLOW_HOSTS: '127.0.0.1', MODEL_KEY_SECRET: 'cd'.repeat(32) });
    owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Northwind Traders' });
    chatbotId = await newChatbot(env.app, owner.apiKey, 'Shop helper');
  }),
);
test.after(async () => {
  await env?.close();
  await standIn?.close();
});

test('model connections: add (key never shown again), test, a refusal in plain words, edit, delete', async () => {
  const opened = await openDashboard(env, owner, '/model-connections');
  const { page } = opened;
  await settled(page);
  await page.getByRole('heading', { name: 'No model connections yet' }).waitFor();
  await checkPage(opened, 'model-connections-empty');

  await page.getByRole('button', { name: 'Add connection' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a model connection' });
  await dialog.waitFor();
  assert.is(await dialog.getByLabel('API key').getAttribute('type'), 'password');
  await dialog.getByLabel('Name').fill('Stand-in');
  await dialog.getByLabel('Base URL').fill(standIn.baseUrl);
  await dialog.getByLabel('API key').fill(standIn.apiKey);
  await dialog.getByLabel('Chat model').fill('gpt-4o-mini');
  await checkPage(opened, 'model-connections-add');
  await dialog.getByRole('button', { name: 'Add connection' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = page.getByRole('row', { name: /Stand-in/ });
  await row.waitFor();
  assert.ok(!(await page.content()).includes(standIn.apiKey), 'the key is not on the page');

  const testIt = () => row.getByRole('button', { name: 'Test connection Stand-in' }).click();
  await testIt();
  await row.getByText('Works').waitFor();

  // Edit with the key field left empty (it is never filled in): the stored key stays.
  const edit = async (chatModel: string) => {
    await row.getByRole('button', { name: 'Edit Stand-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Stand-in' });
    await dialog.waitFor();
    assert.is(await dialog.getByLabel('API key').inputValue(), '');
    await dialog.getByLabel('Chat model').fill(chatModel);
    await dialog.getByLabel('Embedding model').fill('text-embedding-3-small');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText(chatModel, { exact: true }).waitFor();
  };
  // A model the provider does not have: the test says what the provider said, in plain words.
  await edit('gpt-imaginary');
  await testIt();
  await row.getByText('Failed').waitFor();
  const said = await row.locator('.test-failure .cell-sub').innerText();
  assert.match(said, /gpt-imaginary/, said);
  await row.getByText('Embeddings: text-embedding-3-small').waitFor();
  await checkPage(opened, 'model-connections-list');
  await edit('gpt-4o-mini');
  await testIt();
  await row.getByText('Works').waitFor();

  // A second one, deleted after the confirmation.
  const spare = await env.app.api('POST', `${EXT}/model-connections`, {
    apiKey: owner.apiKey,
    body: { name: 'Spare', baseUrl: standIn.baseUrl, apiKey: 'sk-spare', chatModel: 'gpt-4o' },
  });
  assert.is(spare.status, 201, JSON.stringify(spare.body));
  await page.reload();
  await settled(page);
  await page.getByRole('button', { name: 'Delete Spare' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this model connection?' });
  await confirm.waitFor();
  await checkPage(opened, 'model-connections-delete');
  await confirm.getByRole('button', { name: 'Delete connection' }).click();
  await page.getByRole('row', { name: /Spare/ }).waitFor({ state: 'detached' });
  await page.context().close();
});

test('the Agent tab: a server refusal stands under its field; saved, the chatbot is an AI agent', async () => {
  const opened = await openDashboard(env, owner, `/chatbots/${chatbotId}`);
  const { page } = opened;
  await settled(page);
  await page.getByRole('tab', { name: 'Agent' }).click();
  await page.getByRole('heading', { name: 'Let an AI agent answer' }).waitFor();
  await checkPage(opened, 'agent-tab-empty');
  await page.getByRole('button', { name: 'Make this chatbot an AI agent' }).click();
  await page.getByLabel('Agent name').fill('Ava');
  await page.getByLabel(/^Instructions/).fill('You help shoppers of Northwind Traders. Be brief.');
  await page.getByText('49 / 20,000').waitFor();
  await page.getByLabel(/^Temperature/).fill('3');
  await page.getByRole('button', { name: 'Make it an AI agent' }).click();
  const error = page.locator('.field-invalid', { has: page.getByLabel(/^Temperature/) }).locator('.field-error');
  await error.waitFor();
  assert.match(await error.innerText(), /^Temperature .*2/);
  await checkPage(opened, 'agent-tab-refused', { allow: / 400\b|status of 400/ });
  await page.getByLabel(/^Temperature/).fill('0.4');
  await page.getByLabel(/^Greeting/).fill('Hi! I am Ava. How can I help?');
  await page.getByRole('button', { name: 'Make it an AI agent' }).click();
  await page.getByRole('button', { name: 'Remove agent' }).waitFor();
  const stored = await env.app.api('GET', `${EXT}/chatbots/${chatbotId}/agent`, { apiKey: owner.apiKey });
  assert.is(stored.status, 200);
  assert.is(stored.body.data.temperature, 0.4);
  assert.is(stored.body.data.name, 'Ava');
  await page.context().close();
});

test("the playground: an answer with model, tokens and latency; a handoff said so; the month's tokens count them", async () => {
  const opened = await openDashboard(env, owner, `/chatbots/${chatbotId}`);
  const { page } = opened;
  await settled(page);
  await page.getByRole('tab', { name: 'Agent' }).click();
  const log = page.getByRole('log', { name: 'Playground conversation' });
  await log.getByText('Hi! I am Ava. How can I help?').waitFor();
  const before = (await env.app.services.events.readAll()).length;

  standIn.script({
    kind: 'text',
    text: 'We ship in 3 days, worldwide.',
    usage: { promptTokens: 42, completionTokens: 9 },
  });
  await page.getByLabel('Message as a visitor').fill('How fast do you ship?');
  await page.getByRole('button', { name: 'Send' }).click();
  await log.getByText('We ship in 3 days, worldwide.').waitFor();
  const facts = await log.locator('.playground-facts').last().innerText();
  assert.match(facts, /gpt-4o-mini/);
  assert.match(facts, /42 tokens in · 9 out/);
  assert.match(facts, /\d+ ms/);
  assert.match(facts, /finish: stop/);
  // The call's tokens count in the month: the tab's line of AI tokens says so at once.
  await page.getByText('51 of 5,000,000 AI tokens used this month · 4,999,949 left.', { exact: true }).waitFor();
  const sent = standIn.requests.at(-1)!.body;
  assert.is(sent.messages[0].role, 'system');
  assert.equal(
    sent.messages.slice(1).map((m: any) => m.content),
    ['Hi! I am Ava. How can I help?', 'How fast do you ship?'],
  );
  await checkPage(opened, 'agent-playground');

  standIn.script({
    kind: 'toolCalls',
    calls: [{ name: 'handoff', arguments: { reason: 'visitor_request', summary: 'Wants to talk to a person' } }],
    usage: { promptTokens: 20, completionTokens: 4 },
  });
  await page.getByLabel('Message as a visitor').fill('Can I talk to a human?');
  await page.getByRole('button', { name: 'Send' }).click();
  await log.getByText('Handed off: the visitor asked for a person').waitFor();
  await log.getByText('tool: handoff', { exact: false }).waitFor();
  await page.getByText('75 of 5,000,000 AI tokens used this month · 4,999,925 left.', { exact: true }).waitFor();
  await checkPage(opened, 'agent-playground-handoff');
  const added = (await env.app.services.events.readAll()).slice(before);
  assert.equal(
    added.map((e) => [e.type, (e.data as { tokensIn: number }).tokensIn]),
    [
      ['AgentPreviewAnswered', 42],
      ['AgentPreviewAnswered', 20],
    ],
    'no conversation recorded: only the tokens of each call',
  );
  await page.context().close();
});

test("the limits of one conversation: a refusal under its field, saved; the month's AI tokens in a line", async () => {
  const opened = await openDashboard(env, owner, `/chatbots/${chatbotId}`);
  const { page } = opened;
  await settled(page);
  await page.getByRole('tab', { name: 'Agent' }).click();
  // The playground's calls above are the month's only ones.
  await page.getByText('75 of 5,000,000 AI tokens used this month · 4,999,925 left.', { exact: true }).waitFor();
  await page.getByLabel(/^Tokens per conversation/).fill('0');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const error = page
    .locator('.field-invalid', { has: page.getByLabel(/^Tokens per conversation/) })
    .locator('.field-error');
  await error.waitFor();
  assert.match(await error.innerText(), /^Tokens per conversation /);
  await checkPage(opened, 'agent-tab-limits-refused', { allow: / 400\b|status of 400/ });
  await page.getByLabel(/^Tokens per conversation/).fill('20000');
  await page.getByLabel('At a limit', { exact: true }).selectOption('message');
  await page.getByLabel(/^Message at a limit/).fill('Thanks for chatting! Write to help@example.com.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Agent saved').waitFor();
  const stored = await env.app.api('GET', `${EXT}/chatbots/${chatbotId}/agent`, { apiKey: owner.apiKey });
  assert.equal(stored.body.data.handoff, {
    maxTurns: 20,
    maxTokens: 20000,
    onLimit: 'message',
    limitMessage: 'Thanks for chatting! Write to help@example.com.',
  });
  // The refused save above stays in the page's log of failed requests.
  await checkPage(opened, 'agent-tab-limits', { allow: / 400\b|status of 400/ });
  await page.context().close();
});

test('a member edits the agent, reads the note about connections, and has no Model connections page', async () => {
  const member = await memberOf(env.app, owner);
  const opened = await openDashboard(env, { ...owner, ...member }, `/chatbots/${chatbotId}`);
  const { page } = opened;
  await settled(page);
  const nav = page.getByRole('navigation').first();
  await nav.getByRole('link', { name: 'Chatbots' }).waitFor();
  assert.is(await nav.getByRole('link', { name: 'Model connections' }).count(), 0);
  await page.getByRole('tab', { name: 'Agent' }).click();
  await page.getByText('Only admins see and change connections.', { exact: false }).waitFor();
  assert.is(await page.getByLabel('Model connection').count(), 0);
  await page.getByLabel(/^Greeting/).fill('Hello from the member!');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Agent saved').waitFor();
  const stored = await env.app.api('GET', `${EXT}/chatbots/${chatbotId}/agent`, { apiKey: owner.apiKey });
  assert.is(stored.body.data.greeting, 'Hello from the member!');
  assert.ok(stored.body.data.connectionId, 'the connection is kept');
  await checkPage(opened, 'agent-tab-member');
  await page.context().close();
});

test("the Overview shows the month's AI tokens; the Free plan has none", async () => {
  const opened = await openDashboard(env, owner, '/');
  await settled(opened.page);
  await opened.page.getByRole('progressbar', { name: 'AI tokens used' }).waitFor();
  await checkPage(opened, 'overview-ai-tokens');
  await opened.page.context().close();
  const free = await createSignedInWorkspace(env.app, 'free', { name: 'Tiny Shop' });
  const asFree = await openDashboard(env, free, '/');
  await settled(asFree.page);
  await asFree.page.getByText('No AI tokens on the Free plan.').waitFor();
  await checkPage(asFree, 'overview-ai-tokens-free');
  await asFree.page.context().close();
});

test('removing the agent asks first; the chatbot answers with its flow again', async () => {
  const opened = await openDashboard(env, owner, `/chatbots/${chatbotId}`);
  const { page } = opened;
  await settled(page);
  await page.getByRole('tab', { name: 'Agent' }).click();
  await page.getByRole('button', { name: 'Remove agent' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the AI agent?' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Remove agent' }).click();
  await page.getByRole('heading', { name: 'Let an AI agent answer' }).waitFor();
  const gone = await env.app.api('GET', `${EXT}/chatbots/${chatbotId}/agent`, { apiKey: owner.apiKey });
  assert.is(gone.status, 404);
  await page.context().close();
});

test.run();
