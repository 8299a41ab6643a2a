/**
 * A visitor's turn answers without waiting for the views (its answer comes from the events it
 * appended), and read-your-writes is kept by the reads: an External API or dashboard request of
 * the workspace waits until the views include the workspace's last turn (DESIGN.md decision 7).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  as,
  createSignedInWorkspace,
  DASH,
  startSignInApp,
  type SignedInWorkspace,
  type TestApp,
} from '../dashboard/dashboardHarness.js';
import { EXT, newChatbot, say, startConversation } from '../../support/visitorChat.js';

let app: TestApp;
let owner: SignedInWorkspace;
let apiKey: string;

const userMessagesOf = (response: { record: Array<{ type: string; message: string }> }) =>
  response.record.filter((e) => e.type === 'user').map((e) => e.message);

/** Holds the projection runner's batches back until released; the views stand still meanwhile. */
function holdViews(): () => void {
  const runner = app.services.projections;
  const catchUp = runner.catchUp.bind(runner);
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  runner.catchUp = () => released.then(catchUp);
  return () => {
    runner.catchUp = catchUp;
    release();
  };
}

test('setup', async () => {
  app = await startSignInApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await createSignedInWorkspace(app, 'pro');
  apiKey = owner.apiKey;
});

test('a response read through the External API right after each visitor message has that message', async () => {
  const botId = await newChatbot(app, apiKey);
  for (let i = 0; i < 5; i++) {
    const sessionId = await startConversation(app, botId);
    const name = `Visitor ${i}`;
    const answer = await say(app, botId, sessionId, name);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    // No pause: the read comes straight after the answer.
    const list = await app.api('GET', `${EXT}/chatbots/${botId}/responses?limit=100`, { apiKey });
    assert.is(list.status, 200, JSON.stringify(list.body));
    const mine = list.body.data.find((r: { chatSessionId: string }) => r.chatSessionId === sessionId);
    assert.ok(mine, `the response of session ${i} is listed`);
    assert.equal(userMessagesOf(mine), [name]);
    const one = await app.api('GET', `${EXT}/chatbots/${botId}/responses/${mine._id}`, { apiKey });
    assert.is(one.status, 200, JSON.stringify(one.body));
    assert.equal(userMessagesOf(one.body.data), [name]);

    const email = await say(app, botId, sessionId, `v${i}@example.com`);
    assert.is(email.body.done, true);
    const done = await app.api('GET', `${EXT}/chatbots/${botId}/responses/${mine._id}`, { apiKey });
    assert.equal(userMessagesOf(done.body.data), [name, `v${i}@example.com`]);
    assert.is(done.body.data.status, 'completed');
  }
  const bot = await app.api('GET', `${EXT}/chatbots/${botId}`, { apiKey });
  assert.is(bot.body.data.responseCount, 5);
});

/**
 * With the views held back: runs `turn`, starts `read`, checks after 300 ms (and `meanwhile`)
 * that the read still waits, then lets the views go and answers what the read got.
 */
async function readAfterHeldTurn<T>(
  turn: () => Promise<void>,
  read: () => Promise<T>,
  meanwhile: () => Promise<void> = async () => undefined,
): Promise<T> {
  const release = holdViews();
  let reading: Promise<T> | null = null;
  try {
    await turn();
    let answered = false;
    reading = read().finally(() => {
      answered = true;
    });
    await meanwhile();
    await new Promise((r) => setTimeout(r, 300));
    assert.is(answered, false, 'the read waits while the views do not include the turn');
  } finally {
    release();
  }
  return reading!;
}

test('the visitor is answered while the views are held back; a read waits for them and then has the turn', async () => {
  const botId = await newChatbot(app, apiKey);
  const sessionId = await startConversation(app, botId);
  // The session's own start is in the views before they are held.
  assert.is((await app.api('GET', `${EXT}/chatbots/${botId}`, { apiKey })).status, 200);
  const list = await readAfterHeldTurn(
    async () => {
      const startedAt = performance.now();
      const answer = await say(app, botId, sessionId, 'Held');
      const answeredIn = performance.now() - startedAt;
      assert.is(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.messages, [
        { type: 'bot', message: 'Nice to meet you, Held. What is your email address?' },
      ]);
      // Read-your-writes used to hold the answer until the views' 5 s timeout; now it does not wait.
      assert.ok(answeredIn < 2000, `answered in ${answeredIn.toFixed(0)} ms with the views held`);
      assert.is(app.services.aheadOfViews.size > 0, true, 'the turn is noted as ahead of the views');
    },
    () => app.api('GET', `${EXT}/chatbots/${botId}/responses`, { apiKey }),
  );
  assert.is(list.status, 200, JSON.stringify(list.body));
  assert.equal(list.body.data.map(userMessagesOf), [['Held']]);
});

test('the dashboard waits the same way for its workspace, and only for its own', async () => {
  const other = await createSignedInWorkspace(app, 'pro');
  const botId = await newChatbot(app, apiKey);
  const sessionId = await startConversation(app, botId);
  assert.is((await app.api('GET', `${EXT}/chatbots/${botId}`, { apiKey })).status, 200);
  const list = await readAfterHeldTurn(
    async () => {
      assert.is((await say(app, botId, sessionId, 'Dana')).status, 200);
    },
    () => as(app, owner)('GET', `${DASH}/responses?chatbotId=${botId}`),
    async () => {
      // Another workspace has nothing ahead of the views: its reads do not wait.
      const otherRead = await as(app, other)('GET', `${DASH}/chatbots`);
      assert.is(otherRead.status, 200, otherRead.text);
    },
  );
  assert.is(list.status, 200, JSON.stringify(list.body));
  assert.equal(list.body.data.map(userMessagesOf), [['Dana']]);
  assert.is(app.services.aheadOfViews.size, 0, 'nothing is kept once the views include it');
});

test.after(async () => {
  await app?.close();
});

test.run();
