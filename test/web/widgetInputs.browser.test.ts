// Every question input in the widget, in headless Chromium against the real service: a branching
// flow saved and published through the External API, answered with the keyboard alone (choice
// buttons, a star rating, a 0–10 scale, a multiple choice), a wrong email and its retry message,
// the phone keyboard, buttons kept across a reload, and the typing indicator during an http step
// that a real HTTPS receiver answers slowly. Axe-scanned, with screenshots at both sizes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startHttpsReceiver, type HttpsReceiver } from '../support/httpsReceiver.js';
import { expectAccessible, SCREENSHOTS_DIR, screenshotBothSizes } from '../support/pageChecks.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { eventually } from '../support/waiting.js';
import { buildBundle, startHostServer, transcript, waitForBotMessages } from './helpers.js';

const EXT = '/api/v1/external/v1';
const TEAL = '#0F766E';
const LOOKUP_DELAY_MS = 2500;

let app: TestApp;
let apiKey = '';
let botId = '';
let receiver: HttpsReceiver;
let browser: Browser;
let host: Awaited<ReturnType<typeof startHostServer>>;
const contexts: BrowserContext[] = [];
const diagnostics: string[] = [];

/** Track an order (a slow lookup, then a phone number), or leave feedback (ratings, email, a multiple choice, yes/no). */
function supportFlow(lookupUrl: string) {
  return {
    start: 'hello',
    steps: [
      { id: 'hello', type: 'message', text: "Hi! I'm Aria, Acme's assistant.", next: 'topic' },
      {
        id: 'topic',
        type: 'question',
        text: 'What can I help you with?',
        variable: 'topic',
        input: {
          type: 'choice',
          options: [
            { label: 'Track an order', value: 'order', next: 'order' },
            { label: 'Returns', value: 'returns', next: 'returns' },
            { label: 'Leave feedback', value: 'feedback', next: 'stars' },
          ],
        },
      },
      {
        id: 'order',
        type: 'question',
        text: 'What is your order number?',
        variable: 'order',
        input: { type: 'number', min: 1 },
        next: 'lookup',
      },
      {
        id: 'lookup',
        type: 'http',
        method: 'POST',
        url: lookupUrl,
        body: { order: '{{order}}' },
        save: { status: '$.order.status' },
        next: 'status',
        onError: 'agent',
      },
      { id: 'status', type: 'message', text: 'Order {{order}} is {{status}}.', next: 'phone' },
      {
        id: 'phone',
        type: 'question',
        text: 'Which phone number can the courier call?',
        variable: 'phone',
        input: { type: 'phone' },
        next: 'bye',
      },
      { id: 'bye', type: 'end', text: 'Thanks, the courier will call before delivery.', resolution: 'resolved' },
      { id: 'returns', type: 'end', text: 'You can return anything within 30 days.', resolution: 'resolved' },
      { id: 'agent', type: 'handoff', text: 'Let me find a person for you.', reason: 'lookup_failed' },
      {
        id: 'stars',
        type: 'question',
        text: 'How would you rate your last order?',
        variable: 'rating',
        input: { type: 'rating', max: 5 },
        next: 'nps',
      },
      {
        id: 'nps',
        type: 'question',
        text: 'How likely are you to recommend us to a friend?',
        variable: 'nps',
        input: { type: 'rating', max: 10 },
        next: 'email',
      },
      {
        id: 'email',
        type: 'question',
        text: 'Which email should we reply to?',
        variable: 'email',
        input: { type: 'email' },
        next: 'improve',
      },
      {
        id: 'improve',
        type: 'question',
        text: 'What should we improve?',
        variable: 'improve',
        input: {
          type: 'choice',
          multiple: true,
          options: [
            { label: 'Delivery speed', value: 'speed' },
            { label: 'Packaging', value: 'packaging' },
            { label: 'Prices', value: 'prices' },
          ],
        },
        next: 'more',
      },
      { id: 'more', type: 'question', text: 'Anything else we can do?', variable: 'more', input: { type: 'yesno' } },
    ],
  };
}

function shopPage(widgetSrc: string, bot: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Outfitters</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font: 16px/1.5 Georgia, serif; color: #222; background: #faf9f7 }
  header { padding: 18px 32px; background: #fff; border-bottom: 1px solid #e7e4df; font-weight: bold }
  main { max-width: 960px; margin: 0 auto; padding: 32px }
</style></head><body>
<header>Acme Outfitters</header>
<main><h1>Trail Runner Jacket</h1><p>Light, packable and waterproof. Taped seams, two zip pockets
and a hood that stays put in the wind.</p><p><strong>$129.00</strong></p></main>
<script src="${widgetSrc}"></script>
<script>ConfabWidget(${JSON.stringify(bot)}, 'bubble');</script>
</body></html>`;
}

test.before(async () => {
  buildBundle(); // the service serves public/widget.js
  receiver = await startHttpsReceiver();
  receiver.respondWith(() => ({ status: 200, body: { order: { status: 'shipped' } }, delayMs: LOOKUP_DELAY_MS }));
  app = await startTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' },
    { flowHttpCertificateAuthority: receiver.caPem },
  );
  ({ apiKey } = await app.createWorkspace('pro', { name: 'Acme' }));
  const colors = await app.api('PATCH', '/api/v1/workspace/branding', { apiKey, body: { primaryColor: TEAL } });
  assert.is(colors.status, 200, JSON.stringify(colors.body));
  const created = await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Aria from Acme' } });
  assert.is(created.status, 201, JSON.stringify(created.body));
  botId = created.body.data.id;
  const saved = await app.api('PUT', `${EXT}/chatbots/${botId}/flow`, {
    apiKey,
    body: supportFlow(`${receiver.url}/orders/{{order}}`),
  });
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  const published = await app.api('POST', `${EXT}/chatbots/${botId}/flow/publish`, { apiKey, body: {} });
  assert.is(published.status, 201, JSON.stringify(published.body));
  host = await startHostServer({ shop: shopPage(`${app.baseUrl}/widget.js`, botId) });
  browser = await launchBrowser();
});

test.after(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await host?.close();
  await app?.close();
  await receiver?.close();
});

/** A new visitor (own storage) on the shop page. */
async function visit(): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => diagnostics.push(`pageerror: ${e.message}`));
  await page.goto(`${host.url}/shop`);
  return page;
}

const why = () => (diagnostics.length ? `\n${diagnostics.join('\n')}` : '');

/** What has keyboard focus inside the widget: its accessible name or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('confab-widget')?.shadowRoot?.activeElement;
    return el ? el.getAttribute('aria-label') || (el.textContent ?? '').trim() || el.tagName : null;
  });

const lastBot = async (page: Page) => (await transcript(page)).filter((m) => m.type === 'bot').pop()?.text;
const lastUser = async (page: Page) => (await transcript(page)).filter((m) => m.type === 'user').pop()?.text;

/** Waits for the bot to say `text` as its latest message. */
async function botSays(page: Page, text: string) {
  await eventually(async () => (await lastBot(page)) === text, 10_000, `the bot to say "${text}"${why()}`);
}

const field = (page: Page) => page.locator('confab-widget input.i');
const fieldSetup = (page: Page) =>
  field(page).evaluate((el: HTMLInputElement) => ({
    type: el.type,
    inputMode: el.inputMode,
    autocomplete: el.autocomplete,
    hint: el.getAttribute('aria-describedby')
      ? (el.getRootNode() as ShadowRoot).getElementById(el.getAttribute('aria-describedby')!)?.textContent
      : null,
  }));

/** The session's stored answers, through the External API (its read model may lag a little). */
async function answersOf(sessionId: string, until: (a: Record<string, string>) => boolean) {
  return eventually(async () => {
    const list = await app.api('GET', `${EXT}/chatbots/${botId}/responses`, { apiKey });
    const item = list.body.data?.find((r: any) => r.chatSessionId === sessionId);
    if (!item) return null;
    const one = await app.api('GET', `${EXT}/chatbots/${botId}/responses/${item._id}`, { apiKey });
    const answers = one.body.data.answerVariables as Record<string, string>;
    return until(answers) && answers;
  });
}

const sessionIdOf = (page: Page): Promise<string> =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) || '{}').sessionId, `confab:session:${botId}`);

test('keyboard only: a choice, stars, a 0–10 scale, a retried email, a multiple choice and yes/no', async () => {
  const page = await visit();
  // Tab to the launcher, open it: the chat starts and focus lands on the first option.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const topic = page.locator('confab-widget [role=group][aria-label="What can I help you with?"]');
  await topic.waitFor();
  assert.equal(await topic.locator('button').allTextContents(), ['Track an order', 'Returns', 'Leave feedback']);
  await eventually(async () => (await focused(page)) === 'Track an order', 5000, `focus on the first option${why()}`);
  await expectAccessible(page, 'choice buttons');
  await screenshotBothSizes(page, 'widget-inputs-choice');

  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.is(await focused(page), 'Leave feedback');
  await page.keyboard.press('Space');
  await botSays(page, 'How would you rate your last order?');
  assert.is(await lastUser(page), 'Leave feedback');
  assert.is(await page.locator('confab-widget .ac').count(), 1, 'the answered question lost its buttons');

  // Stars: a radio group; arrows move the choice and fill the stars, Enter sends it.
  const stars = page.locator('confab-widget [role=radiogroup][aria-label="How would you rate your last order?"]');
  assert.equal(await stars.locator('[role=radio]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))), [
    '1 of 5 star',
    '2 of 5 stars',
    '3 of 5 stars',
    '4 of 5 stars',
    '5 of 5 stars',
  ]);
  await eventually(async () => (await focused(page)) === '1 of 5 star', 5000, 'focus on the first star');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  assert.is(await focused(page), '4 of 5 stars');
  assert.equal(await stars.locator('[aria-checked=true]').getAttribute('aria-label'), '4 of 5 stars');
  assert.is(await stars.locator('.st.on').count(), 4, 'four stars filled');
  assert.is(await stars.locator('[tabindex="0"]').count(), 1, 'one tab stop in the group');
  await expectAccessible(page, 'star rating');
  await screenshotBothSizes(page, 'widget-inputs-stars');
  await page.keyboard.press('Enter');
  await botSays(page, 'How likely are you to recommend us to a friend?');
  assert.is(await lastUser(page), '4/5');

  // 0 to 10: End picks 10, one step back is 9, Space sends it.
  const scale = page.locator('confab-widget [role=radiogroup]');
  assert.is(await scale.locator('[role=radio]').count(), 11);
  await eventually(async () => (await focused(page)) === '0 of 10', 5000, 'focus on 0');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  assert.is(await focused(page), '9 of 10');
  await expectAccessible(page, '0 to 10 scale');
  await screenshotBothSizes(page, 'widget-inputs-scale');
  await page.keyboard.press('Space');
  await botSays(page, 'Which email should we reply to?');
  assert.is(await lastUser(page), '9/10');

  // An email: the field turns into an email field with focus; a wrong one gets the retry message.
  assert.is(await page.locator('confab-widget .ac').count(), 0, 'no buttons for an email question');
  assert.is(await focused(page), 'INPUT');
  assert.equal(await fieldSetup(page), { type: 'email', inputMode: 'email', autocomplete: 'email', hint: null });
  const asked = (await transcript(page)).filter((m) => m.type === 'bot').length;
  await page.keyboard.type('ada@example');
  await page.keyboard.press('Enter');
  // The retry message and the question again: two more bot messages.
  await waitForBotMessages(page, asked + 2);
  await botSays(page, 'Which email should we reply to?');
  const bots = (await transcript(page)).filter((m) => m.type === 'bot').map((m) => m.text);
  assert.match(
    bots[bots.length - 2],
    'That does not look like an email address',
    'the retry message, as a bot message',
  );
  assert.is(await fieldSetup(page).then((f) => f.type), 'email', 'asked again with the same field');
  await expectAccessible(page, 'retry message');
  await screenshotBothSizes(page, 'widget-inputs-retry');
  await page.keyboard.type('ada@example.com');
  await page.keyboard.press('Enter');
  await botSays(page, 'What should we improve?');

  // Several options: toggles with aria-pressed, then Send; the field is plain text again.
  assert.equal(await fieldSetup(page), { type: 'text', inputMode: 'text', autocomplete: 'off', hint: null });
  const improve = page.locator('confab-widget [role=group][aria-label="What should we improve?"]');
  assert.is(await improve.locator('.go').getAttribute('aria-disabled'), 'true', 'Send waits for a pick');
  await eventually(async () => (await focused(page)) === 'Delivery speed', 5000, 'focus on the first option');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  assert.equal(
    await improve.locator('[aria-pressed]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-pressed'))),
    ['false', 'true', 'true'],
  );
  await screenshotBothSizes(page, 'widget-inputs-multiple');
  await page.keyboard.press('Tab');
  assert.is(await focused(page), 'Send');
  await page.keyboard.press('Enter');
  await botSays(page, 'Anything else we can do?');
  assert.is(await lastUser(page), 'Packaging, Prices');

  const yesNo = page.locator('confab-widget [role=group][aria-label="Anything else we can do?"] button');
  assert.equal(await yesNo.allTextContents(), ['Yes', 'No']);
  await eventually(async () => (await focused(page)) === 'Yes', 5000, 'focus on Yes');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.locator('confab-widget .end').waitFor({ state: 'visible' });
  assert.is(await lastUser(page), 'No');
  assert.is(await page.locator('confab-widget .ac').count(), 0, 'an ended chat offers no buttons');

  // The feedback path was taken and every answer stored in its normal form.
  const answers = await answersOf(await sessionIdOf(page), (a) => a.more === 'no');
  assert.equal(answers, {
    topic: 'feedback',
    rating: '4',
    nps: '9',
    email: 'ada@example.com',
    improve: 'packaging, prices',
    more: 'no',
  });
});

test('the order path: buttons survive a reload, a number hint, typing during a slow lookup, a phone keyboard', async () => {
  const page = await visit();
  await page.locator('confab-widget button.l').click();
  await page.locator('confab-widget .ac button').first().waitFor();

  // A reload resumes the session with the question's buttons, and they still answer it.
  await page.reload();
  const options = page.locator('confab-widget [role=group][aria-label="What can I help you with?"] button');
  await options.first().waitFor();
  assert.equal(await options.allTextContents(), ['Track an order', 'Returns', 'Leave feedback']);
  await options.first().click();
  await botSays(page, 'What is your order number?');
  assert.is(await lastUser(page), 'Track an order');
  assert.equal(await fieldSetup(page), {
    type: 'text',
    inputMode: 'decimal',
    autocomplete: 'off',
    hint: 'A number of at least 1',
  });
  assert.ok(await page.locator('confab-widget .hint').isVisible(), 'the range is shown under the log');
  await expectAccessible(page, 'number with its range');
  await screenshotBothSizes(page, 'widget-inputs-number');

  // The http step takes seconds: the typing indicator shows the whole time, said once.
  await page.evaluate(() => {
    const status = document.querySelector('confab-widget')!.shadowRoot!.querySelector('[role=status]')!;
    (window as any).statusTexts = [];
    new MutationObserver(() => (window as any).statusTexts.push(status.textContent)).observe(status, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  const before = receiver.requests.length;
  await field(page).fill('1001');
  await field(page).press('Enter');
  const typing = page.locator('confab-widget .ty');
  await typing.waitFor({ state: 'visible' });
  await receiver.waitFor(before + 1);
  await page.waitForTimeout(LOOKUP_DELAY_MS / 2);
  assert.ok(await typing.isVisible(), 'still typing while the lookup runs');
  assert.is(await page.locator('confab-widget [role=status]').textContent(), 'Aria from Acme is typing…');
  await page.screenshot({ path: `${SCREENSHOTS_DIR}widget-inputs-typing-desktop.png` });
  await botSays(page, 'Which phone number can the courier call?');
  assert.not.ok(await typing.isVisible(), 'the indicator goes with the reply');
  const texts = await page.evaluate(() => (window as any).statusTexts as string[]);
  assert.equal(texts, ['Aria from Acme is typing…', ''], 'announced once, then cleared');
  const said = (await transcript(page)).map((m) => m.text);
  assert.ok(said.includes('Order 1001 is shipped.'), JSON.stringify(said));

  // The phone question: a phone keyboard and phone autofill, no hint left from the number.
  assert.equal(await fieldSetup(page), { type: 'tel', inputMode: 'tel', autocomplete: 'tel', hint: null });
  assert.not.ok(await page.locator('confab-widget .hint').isVisible());
  await field(page).fill('+49 30 1234567');
  await field(page).press('Enter');
  await page.locator('confab-widget .end').waitFor({ state: 'visible' });
  const answers = await answersOf(await sessionIdOf(page), (a) => 'phone' in a);
  assert.equal(answers, { topic: 'order', order: '1001', status: 'shipped', phone: '+49301234567' });
});

test('the text field still answers a question that has buttons', async () => {
  const page = await visit();
  await page.locator('confab-widget button.l').click();
  await page.locator('confab-widget .ac button').first().waitFor();
  assert.is(await field(page).getAttribute('placeholder'), 'Or type your answer…');
  await field(page).fill('returns');
  await field(page).press('Enter');
  await botSays(page, 'You can return anything within 30 days.');
  assert.is(await page.locator('confab-widget .ac').count(), 0);
});

test.run();
