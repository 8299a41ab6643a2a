/**
 * The branching flow editor in Chromium: a list flow switched to branching and built into a
 * flow with a choice whose options lead to different steps, a condition and an end, by keyboard;
 * a refused save shown on the step and field it names; the saved draft previewed by answering a
 * choice; published twice, rolled back to version 1, the versions listed with their changes.
 * Every view is axe-scanned and screenshotted at desktop and phone size (no sideways scroll).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { PHONE } from '../../support/pageChecks.js';
import {
  chatThrough,
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  startDashboardEnv,
  type DashboardEnv,
  type OpenedPage,
  type SignedInWorkspace,
} from './dashboardHarness.js';

const CHATBOTS = '/api/v1/external/v1/chatbots';

let env: DashboardEnv;
let owner: SignedInWorkspace;

const call = (method: string, path: string, body?: unknown) =>
  env.app.api(method, CHATBOTS + path, { apiKey: owner.apiKey, body });

/** Activates a control the way a keyboard does: focus it, press Enter. */
async function press(control: Locator): Promise<void> {
  await control.focus();
  await control.press('Enter');
}

const card = (page: Page, id: string) => page.locator(`[data-step-id="${id}"]`);

async function addStep(page: Page, type: string): Promise<void> {
  await page.getByLabel('New step type').selectOption({ label: type });
  await press(page.getByRole('button', { name: 'Add step' }));
}

/** Nothing wider than the phone's screen: the editor is used there without sideways scrolling. */
async function assertNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what}: the page scrolls sideways by ${overflow}px on a phone`);
  if (size) await page.setViewportSize(size);
}

/** Dismisses the notices, so a screenshot shows the page under them. */
async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

async function view(opened: OpenedPage, name: string): Promise<void> {
  await opened.page.getByRole('tab', { name }).click();
}

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Flow Builders' });
});
test.after(async () => {
  await env?.close();
});

test('build a branching flow by keyboard, fix the step the server names, preview, publish, roll back', async () => {
  const created = await call('POST', '', {
    name: 'Order helper',
    flow: { steps: [{ type: 'message', text: 'Hello there' }] },
  });
  assert.is(created.status, 201, JSON.stringify(created.body));
  const id = created.body.data.id as string;
  const opened = await openDashboard(env, owner, `/chatbots/${id}`);
  const { page } = opened;

  // The list flow offers the switch; the list is a chain of one step until saved.
  await press(page.getByRole('button', { name: 'Switch to branching' }));
  await page.getByRole('list', { name: 'Flow steps' }).waitFor();
  await card(page, 'step-1').getByText('Start', { exact: true }).waitFor();

  await addStep(page, 'Question');
  const question = card(page, 'question_1');
  // The new step has the keyboard, and the step before it now leads to it.
  assert.is(await question.getByLabel('What the bot asks').evaluate((el) => el === document.activeElement), true);
  assert.is(await card(page, 'step-1').getByLabel('Then').inputValue(), 'question_1');
  await page.keyboard.type('What can I do for you?');
  await question.getByLabel('Save the answer as').fill('topic');
  await question.getByLabel('Answer type').selectOption('choice');
  await question.getByLabel('Option 1 label').fill('Order status');
  await question.getByLabel('Option 2 label').fill('Talk to a person');
  assert.is(await question.getByLabel('Option 1 value').inputValue(), 'order_status');

  await addStep(page, 'Condition');
  await addStep(page, 'End');
  await addStep(page, 'Hand-off to your team');
  const condition = card(page, 'condition_1');
  await condition.getByLabel('Branch 1 test 1 variable').fill('topic');
  await condition.getByLabel('Branch 1 test 1 value').fill('order_status');
  await condition.getByLabel('If topic equals "order_status"').selectOption('end_1');
  await card(page, 'end_1').getByLabel('What the bot says last').fill('Your order is on its way.');
  await question.getByLabel('Answer "Order status"').selectOption('condition_1');
  await question.getByLabel('Answer "Talk to a person"').selectOption('handoff_1');

  // Each step shows where it goes and where it is reached from.
  assert.match(await card(page, 'handoff_1').locator('.incoming').innerText(), /question_1/);
  assert.is(await question.getByLabel('Other answers').inputValue(), 'condition_1');

  // The condition's else is not chosen: the server refuses and the editor marks that field.
  await press(page.getByRole('button', { name: 'Save draft' }));
  const elseSelect = condition.getByLabel('Else');
  await page.waitForFunction(
    () =>
      document.activeElement?.closest('[data-step-id="condition_1"]') !== null &&
      document.activeElement?.getAttribute('aria-invalid') === 'true',
  );
  assert.is(await elseSelect.getAttribute('aria-invalid'), 'true');
  const describedBy = (await elseSelect.getAttribute('aria-describedby')) ?? '';
  assert.match(await page.locator(`[id="${describedBy}"]`).innerText(), /Choose the step this way leads to/);
  assert.is(await condition.getAttribute('class').then((c) => c?.includes('step-invalid')), true);
  await checkPage(opened, 'flow-editor-error', { allow: /400|Bad Request/ });
  await elseSelect.selectOption('handoff_1');
  await press(page.getByRole('button', { name: 'Save draft' }));
  await page.getByText('Draft saved', { exact: true }).first().waitFor();
  const draft = (await call('GET', `/${id}/flow`)).body.data;
  assert.is(draft.start, 'step-1');
  assert.equal(
    draft.steps.map((s: { id: string; type: string }) => `${s.id}:${s.type}`),
    ['step-1:message', 'question_1:question', 'condition_1:condition', 'end_1:end', 'handoff_1:handoff'],
  );
  assert.equal(draft.steps[1].input.options, [
    { label: 'Order status', value: 'order_status', next: 'condition_1' },
    { label: 'Talk to a person', value: 'talk_to_a_person', next: 'handoff_1' },
  ]);
  assert.is(await elseSelect.getAttribute('aria-invalid'), null);
  // Against version 1 (the list): step-1 now leads on, and four steps are new.
  await page.getByText('5 unpublished changes').waitFor();
  await dismissToasts(page);
  await checkPage(opened, 'flow-editor', { allow: /400|Bad Request/ });
  await assertNoSidewaysScroll(page, 'editor');

  // Preview: the engine runs the draft; the visitor's choice leads through the condition to the end.
  await view(opened, 'Preview');
  const chat = page.getByRole('log', { name: 'Preview of a conversation with Order helper' });
  await chat.getByText('What can I do for you?').waitFor();
  await press(page.getByRole('group', { name: 'Choose an answer' }).getByRole('button', { name: 'Order status' }));
  await chat.getByText('Your order is on its way.').waitFor();
  await chat.getByText('Conversation resolved').waitFor();
  await checkPage(opened, 'flow-preview', { allow: /400|Bad Request/ });
  await assertNoSidewaysScroll(page, 'preview');
  await press(page.getByRole('button', { name: 'Restart the preview' }));
  await press(page.getByRole('group', { name: 'Choose an answer' }).getByRole('button', { name: 'Talk to a person' }));
  await chat.getByText(/Handed off to your team/).waitFor();

  // Publish twice (version 1 was the list the chatbot was created with), then roll back to 1.
  await press(page.getByRole('button', { name: 'Publish' }));
  await page.getByText('Version 2 published: new conversations start on it').waitFor();
  await press(page.getByRole('button', { name: 'Publish' }));
  await page.getByText('Version 3 published: new conversations start on it').waitFor();
  await page.getByText('Live: version 3').waitFor();
  await page.getByText('Same as live').waitFor();
  await view(opened, 'Versions');
  const versions = page.getByRole('region', { name: 'Published versions, newest first' });
  await versions.waitFor();
  assert.is(await versions.locator('tbody tr').count(), 3);
  await press(page.getByRole('button', { name: 'Changes since version 1' }));
  const diff = page.getByRole('dialog', { name: 'Changes in version 2 since version 1' });
  assert.match(await diff.innerText(), /Added\s+question_1, condition_1, end_1, handoff_1/);
  assert.match(await diff.innerText(), /Changed\s+step-1/);
  await page.keyboard.press('Escape');
  await press(page.getByRole('button', { name: 'Roll back to version 1' }));
  await press(page.getByRole('dialog', { name: 'Roll back to version 1?' }).getByRole('button', { name: 'Roll back' }));
  await page.getByText('Version 1 published again as version 4').waitFor();
  await versions.locator('tbody tr').nth(3).waitFor();
  assert.is(await versions.locator('tbody tr').count(), 4);
  const listed = (await call('GET', `/${id}/flow/versions`)).body.data.map((v: { version: number }) => v.version);
  assert.equal(listed, [4, 3, 2, 1]);
  const live = (await call('GET', `/${id}/flow/versions/4`)).body.data.flow;
  assert.equal(live, { steps: [{ type: 'message', text: 'Hello there' }] });
  // The draft stays the branching flow: rolling back publishes, it does not overwrite the draft.
  assert.is((await call('GET', `/${id}/flow`)).body.data.start, 'step-1');
  await press(page.getByRole('button', { name: 'View version 3' }));
  const shown = page.getByRole('dialog', { name: 'Version 3' });
  await shown.getByRole('list', { name: 'Steps of version 3' }).waitFor();
  assert.match(await shown.innerText(), /answer "Order status"\s*→\s*condition_1/);
  await page.keyboard.press('Escape');
  await dismissToasts(page);
  await checkPage(opened, 'flow-versions', { allow: /400|Bad Request/ });
  await assertNoSidewaysScroll(page, 'versions');

  await view(opened, 'What-if');
  await page.getByRole('button', { name: 'Run what-if' }).waitFor();
  await checkPage(opened, 'flow-what-if-form', { allow: /400|Bad Request/ });
  await page.context().close();
});

test('removing a step others lead to warns first, and leaves those ways unchosen', async () => {
  const created = await call('POST', '', {
    name: 'Two steps',
    flow: {
      steps: [
        { type: 'message', text: 'Hi' },
        { type: 'message', text: 'Bye' },
      ],
    },
  });
  const id = created.body.data.id as string;
  const opened = await openDashboard(env, owner, `/chatbots/${id}`);
  const { page } = opened;
  await press(page.getByRole('button', { name: 'Switch to branching' }));
  await press(card(page, 'step-2').getByRole('button', { name: 'Remove step-2' }));
  const dialog = page.getByRole('dialog', { name: 'Remove step-2?' });
  assert.match(await dialog.innerText(), /One way leads to this step: step-1 \(Then\)/);
  await press(dialog.getByRole('button', { name: 'Remove step' }));
  assert.is(await card(page, 'step-2').count(), 0);
  assert.is(await card(page, 'step-1').getByLabel('Then').inputValue(), '');
  // Reorder by keyboard, and renaming a step rewrites what leads to it.
  await addStep(page, 'Message');
  await card(page, 'message_1').getByLabel('What the bot says').fill('Second');
  await press(card(page, 'message_1').getByRole('button', { name: 'Move message_1 up' }));
  // At the top, its up arrow is off: the keyboard stays on the step, on its down arrow.
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move message_1 down');
  assert.equal(
    await page.locator('[data-step-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-step-id'))),
    ['message_1', 'step-1'],
  );
  const rename = card(page, 'step-1').getByLabel('Step id');
  await rename.fill('welcome');
  await rename.press('Enter');
  await card(page, 'welcome').waitFor();
  assert.match(await card(page, 'message_1').locator('.incoming').innerText(), /welcome/);
  // Starting at message_1 leaves welcome unreachable: saved, with the warning on its card.
  await press(card(page, 'message_1').getByRole('button', { name: 'Make start' }));
  await card(page, 'message_1').getByText('Start', { exact: true }).waitFor();
  await press(page.getByRole('button', { name: 'Save draft' }));
  await page.getByText('Draft saved, with warnings on some steps').waitFor();
  assert.match(await card(page, 'welcome').locator('.step-warning').innerText(), /never runs/);
  assert.is(await card(page, 'message_1').locator('.step-warning').count(), 0);
  const draft = (await call('GET', `/${id}/flow`)).body.data;
  assert.equal(draft, {
    start: 'message_1',
    steps: [
      { id: 'message_1', type: 'message', text: 'Second' },
      { id: 'welcome', type: 'message', text: 'Hi', next: 'message_1' },
    ],
  });
  assert.equal(opened.problems, []);
  await page.context().close();
});

test('the preview does not call an http step: the author picks how it went', async () => {
  const created = await call('POST', '', { name: 'Http bot', flow: { steps: [{ type: 'message', text: 'Hi' }] } });
  const id = created.body.data.id as string;
  const graph = {
    start: 'lookup',
    steps: [
      {
        id: 'lookup',
        type: 'http',
        method: 'GET',
        url: 'https://shop.example.com/status',
        next: 'ok',
        onError: 'agent',
      },
      { id: 'ok', type: 'end', text: 'All good.', resolution: 'resolved' },
      { id: 'agent', type: 'handoff', text: 'A person will help.', reason: 'lookup_failed' },
    ],
  };
  assert.is((await call('PUT', `/${id}/flow`, graph)).status, 200);
  const opened = await openDashboard(env, owner, `/chatbots/${id}`);
  const { page } = opened;
  await view(opened, 'Preview');
  await page.getByText('GET https://shop.example.com/status').waitFor();
  assert.match(await page.locator('.preview-http').innerText(), /is not called in the preview/);
  await press(page.getByRole('button', { name: 'It failed' }));
  const chat = page.getByRole('log', { name: 'Preview of a conversation with Http bot' });
  await chat.getByText('A person will help.').waitFor();
  await chat.getByText('Handed off to your team (lookup_failed) · conversation escalated').waitFor();
  assert.equal(await page.getByRole('region', { name: 'Steps taken' }).locator('li').allInnerTexts(), [
    'lookup',
    'agent',
  ]);
  // Headers are read when their box is left; discarding the draft empties the box again.
  await view(opened, 'Steps');
  const headers = card(page, 'lookup').getByLabel('Headers');
  await headers.fill('Authorization: Bearer {{token}}\nX-Shop:  north ');
  await headers.blur();
  assert.is(await headers.inputValue(), 'Authorization: Bearer {{token}}\nX-Shop: north');
  await press(page.getByRole('button', { name: 'Discard changes' }));
  assert.is(await card(page, 'lookup').getByLabel('Headers').inputValue(), '');
  // An unfinished draft is not run: the preview says what to fix first.
  await card(page, 'lookup').getByLabel('On error').selectOption('');
  await view(opened, 'Preview');
  await page
    .getByText(
      'The preview runs once the draft is complete. First, fix step lookup: Choose the step this way leads to.',
    )
    .waitFor();
  assert.equal(opened.problems, []);
  await page.context().close();
});

test('the preview stops at an ai step: the agent answers here, the author picks how its part ended', async () => {
  const created = await call('POST', '', { name: 'Agent flow', flow: { steps: [{ type: 'message', text: 'Hi' }] } });
  const id = created.body.data.id as string;
  const graph = {
    start: 'hello',
    steps: [
      { id: 'hello', type: 'message', text: 'Hi! Our assistant will help.', next: 'agent' },
      { id: 'agent', type: 'ai', next: 'thanks' },
      { id: 'thanks', type: 'end', text: 'Thanks for chatting.', resolution: 'resolved' },
    ],
  };
  assert.is((await call('PUT', `/${id}/flow`, graph)).status, 200);
  const opened = await openDashboard(env, owner, `/chatbots/${id}`);
  const { page } = opened;
  assert.match(await card(page, 'agent').innerText(), /AI agent talks with the visitor here/);
  await view(opened, 'Preview');
  const chat = page.getByRole('log', { name: 'Preview of a conversation with Agent flow' });
  await chat.getByText(/^The agent answers here/).waitFor();
  assert.match(await page.locator('.preview-http').innerText(), /does not talk in the preview/);
  await checkPage(opened, 'flow-preview-ai-step');
  await press(page.getByRole('button', { name: 'It resolved the matter' }));
  await chat.getByText('Thanks for chatting.').waitFor();
  await chat.getByText('Conversation resolved').waitFor();
  assert.equal(await page.getByRole('region', { name: 'Steps taken' }).locator('li').allInnerTexts(), [
    'hello',
    'agent',
    'thanks',
  ]);
  await press(page.getByRole('button', { name: 'Restart the preview' }));
  await press(page.getByRole('button', { name: 'It handed off' }));
  await chat.getByText('Handed off to your team (visitor_request) · conversation escalated').waitFor();
  assert.equal(opened.problems, []);
  await page.context().close();
});

test('the what-if report replays recorded conversations on the edited draft and opens one', async () => {
  const created = await call('POST', '', { name: 'What-if bot', flow: { steps: [{ type: 'message', text: 'Hi' }] } });
  const id = created.body.data.id as string;
  const graph = {
    start: 'ask',
    steps: [
      {
        id: 'ask',
        type: 'question',
        text: 'What do you need?',
        variable: 'topic',
        input: {
          type: 'choice',
          options: [
            { label: 'Order status', value: 'order', next: 'done' },
            { label: 'A person', value: 'person', next: 'agent' },
          ],
        },
      },
      { id: 'done', type: 'end', text: 'It ships tomorrow.', resolution: 'resolved' },
      { id: 'agent', type: 'handoff', text: 'Connecting you.', reason: 'asked' },
    ],
  };
  assert.is((await call('PUT', `/${id}/flow`, graph)).status, 200);
  assert.is((await call('POST', `/${id}/flow/publish`, {})).status, 201);
  await chatThrough(env.app, id, ['Order status']);
  await chatThrough(env.app, id, ['Order status']);
  await chatThrough(env.app, id, ['A person']);

  const opened = await openDashboard(env, owner, `/chatbots/${id}`);
  const { page } = opened;
  // The draft now sends order questions to a person too; the run saves it first.
  await card(page, 'ask').getByLabel('Answer "Order status"').selectOption('agent');
  await view(opened, 'What-if');
  await press(page.getByRole('button', { name: 'Run what-if' }));
  const report = page.getByRole('region', { name: 'What-if report' });
  await report.waitFor();
  assert.is((await call('GET', `/${id}/flow`)).body.data.steps[0].input.options[0].next, 'agent');
  const stats = await report.locator('.stat').allInnerTexts();
  assert.equal(
    stats.map((t) => t.replace(/\s+/g, ' ').trim()),
    ['3 conversations replayed', '2 take another path', '2 would end otherwise'],
  );
  const outcomes = report.getByRole('region', { name: 'Outcomes before and after' });
  const escalated = outcomes.getByRole('row', { name: /Escalated/ });
  assert.match((await escalated.innerText()).replace(/\s+/g, ' '), /Escalated 1 3 \+2/);
  const changed = report.getByRole('region', { name: 'Conversations that would go otherwise' });
  assert.is(await changed.locator('tbody tr').count(), 2);
  assert.match(
    (await changed.locator('tbody tr').first().innerText()).replace(/\s+/g, ' '),
    /agent.*Resolved → Escalated/,
  );
  await checkPage(opened, 'flow-what-if');
  await assertNoSidewaysScroll(page, 'what-if');

  await press(changed.locator('tbody tr').first().getByRole('link'));
  await page.waitForURL(/\/responses\/[^/]+$/);
  await page.getByText('It ships tomorrow.').first().waitFor();
  assert.equal(opened.problems, []);
  await page.context().close();
});

test.run();
