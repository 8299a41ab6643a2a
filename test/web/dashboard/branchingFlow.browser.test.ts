/**
 * A chatbot with a branching flow on the dashboard's Flow tab, in Chromium: its steps and every
 * way on in the editor with the published version, the graph intact after the rest of the page
 * was used, and a draft saved from the editor that keeps every field it did not touch. A
 * list-flow chatbot still edits and saves in the list editor.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import {
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  startDashboardEnv,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

const CHATBOTS = '/api/v1/external/v1/chatbots';
const GRAPH = {
  start: 'welcome',
  steps: [
    { id: 'welcome', type: 'message', text: 'Hi! I am the shop assistant.', next: 'ask_topic' },
    {
      id: 'ask_topic',
      type: 'question',
      text: 'What can I do for you?',
      variable: 'topic',
      input: {
        type: 'choice',
        options: [
          { label: 'Order status', value: 'order' },
          { label: 'Something else', value: 'other', next: 'agent' },
        ],
      },
      next: 'ask_order',
      fallback: 'agent',
    },
    {
      id: 'ask_order',
      type: 'question',
      text: 'Your order number?',
      variable: 'order',
      input: { type: 'number', min: 1, maxRetries: 2 },
      next: 'lookup',
      fallback: 'agent',
    },
    {
      id: 'lookup',
      type: 'http',
      method: 'GET',
      url: 'https://shop.example.com/orders/{{order}}',
      save: { status: '$.order.status' },
      next: 'check',
      onError: 'agent',
    },
    {
      id: 'check',
      type: 'condition',
      branches: [{ when: { all: [{ variable: 'status', op: 'equals', value: 'shipped' }] }, next: 'shipped' }],
      else: 'agent',
    },
    { id: 'shipped', type: 'end', text: 'Order {{order}} is on its way.', resolution: 'resolved' },
    { id: 'agent', type: 'handoff', text: 'Connecting you with a person.', reason: 'needs_human' },
  ],
};
const LIST = { steps: [{ type: 'message', text: 'Hello there' }] };

let env: DashboardEnv;
let owner: SignedInWorkspace;

const call = (method: string, path: string, body?: unknown) =>
  env.app.api(method, CHATBOTS + path, { apiKey: owner.apiKey, body });

async function newBot(name: string, flow: unknown): Promise<string> {
  const r = await call('POST', '', { name, flow: LIST });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const id = r.body.data.id as string;
  if (flow !== LIST) {
    const saved = await call('PUT', `/${id}/flow`, flow);
    assert.is(saved.status, 200, JSON.stringify(saved.body));
    assert.is((await call('POST', `/${id}/flow/publish`, {})).status, 201);
  }
  return id;
}

/** Every request the page makes that could change a chatbot. */
function writesOf(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && /\/chatbots\//.test(r.url())) writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return writes;
}

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Branching Goods' });
});
test.after(async () => {
  await env?.close();
});

test('a branching flow opens in the editor with every way on, and saves back exactly what it was given', async () => {
  const id = await newBot('Shop assistant', GRAPH);
  const opened = await openDashboard(env, owner, `/chatbots/${id}`);
  const { page } = opened;
  const writes = writesOf(page);
  const steps = page.getByRole('list', { name: 'Flow steps' });
  await steps.waitFor();
  await settled(page);
  assert.is(await steps.locator(':scope > li').count(), GRAPH.steps.length);

  const step = (stepId: string, type: string) => page.getByRole('listitem', { name: `Step ${stepId}: ${type}` });
  assert.is(
    await step('welcome', 'Message').getByLabel('What the bot says').inputValue(),
    'Hi! I am the shop assistant.',
  );
  await step('welcome', 'Message').getByText('Start', { exact: true }).waitFor();
  /** Each way on of a step: its label and the step it leads to. */
  const routes = async (stepId: string) =>
    page
      .getByRole('group', { name: `Where ${stepId} goes` })
      .locator('.route')
      .evaluateAll((rows) =>
        rows.map(
          (r) => `${r.querySelector('label')?.textContent} → ${(r.querySelector('select') as HTMLSelectElement).value}`,
        ),
      );
  assert.equal(await routes('welcome'), ['Then → ask_topic']);
  assert.equal(await routes('ask_topic'), [
    'Answer "Order status" → ',
    'Answer "Something else" → agent',
    'Other answers → ask_order',
    'No valid answer → agent',
  ]);
  assert.equal(await routes('lookup'), ['On success → check', 'On error → agent']);
  assert.equal(await routes('check'), ['If status equals "shipped" → shipped', 'Else → agent']);
  // The flow map unfolds the branches from the start; choosing a step puts the keyboard on its card.
  const map = page.getByRole('navigation', { name: 'Flow map' });
  const mapText = (await map.innerText()).replace(/\s+/g, ' ');
  assert.match(mapText, /welcome Message Then → ask_topic Question Answer "Something else" → agent Hand-off/);
  assert.match(mapText, /If status equals "shipped" → shipped End Else → agent \(above\)/);
  await map.getByRole('button', { name: 'lookup', exact: true }).click();
  await page.waitForFunction(() => document.activeElement?.closest('[data-step-id="lookup"]') !== null);
  const lookup = step('lookup', 'HTTP call');
  assert.is(await lookup.getByLabel('URL').inputValue(), 'https://shop.example.com/orders/{{order}}');
  assert.is(await lookup.getByLabel('Save from the answer').inputValue(), 'status = $.order.status');
  assert.is(await step('ask_order', 'Question').getByLabel('Smallest number').inputValue(), '1');
  await step('agent', 'Hand-off to your team').getByText('Hands the conversation to your team.').waitFor();
  await page.getByText('Live: version 2').waitFor();
  assert.is(await page.getByRole('button', { name: 'Save draft' }).isDisabled(), true);
  await checkPage(opened, 'chatbot-flow-branching');

  // Using the rest of the page (a settings save) sends no flow: the graph and its versions stay.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Shop helper');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('heading', { name: /Shop helper/ }).waitFor();
  await page.getByRole('tab', { name: 'Flow', exact: true }).click();
  await steps.waitFor();
  assert.equal(writes, [`PUT /api/v1/dashboard/chatbots/${id}`]);
  assert.equal((await call('GET', `/${id}/flow`)).body.data, GRAPH);

  // One edit saved as the draft: everything the editor did not touch comes back as it was.
  await step('welcome', 'Message').getByLabel('What the bot says').fill('Hello! I am the shop assistant.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByText('Draft saved', { exact: true }).first().waitFor();
  const edited = structuredClone(GRAPH);
  edited.steps[0]!.text = 'Hello! I am the shop assistant.';
  assert.equal((await call('GET', `/${id}/flow`)).body.data, edited);
  assert.equal(writes.slice(1), [`PUT /api/v1/dashboard/chatbots/${id}/flow`]);
  assert.equal(
    (await call('GET', `/${id}/flow/versions`)).body.data.map((v: { version: number }) => v.version),
    [2, 1],
  );
  assert.equal(opened.problems, []);
  await page.context().close();
});

test('a list flow still opens in the editor and saves', async () => {
  const id = await newBot('List bot', LIST);
  const opened = await openDashboard(env, owner, `/chatbots/${id}`);
  const { page } = opened;
  await page.getByRole('list', { name: 'Conversation steps' }).waitFor();
  assert.is(await page.getByRole('list', { name: 'Flow steps' }).count(), 0);
  await page.getByLabel('Step 1: what the bot says').fill('Hello again');
  await page.getByRole('button', { name: 'Save flow' }).click();
  await page.getByText('Flow saved').waitFor();
  assert.equal((await call('GET', `/${id}/flow`)).body.data, { steps: [{ type: 'message', text: 'Hello again' }] });
  assert.equal(opened.problems, []);
  await page.context().close();
});

test.run();
