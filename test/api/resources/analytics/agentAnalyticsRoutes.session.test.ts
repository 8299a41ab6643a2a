/**
 * An agent's analytics and the unanswered questions on the dashboard, over real HTTP with real
 * sessions: members read them as admins do; the External API's rules hold behind the session.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { systemContext } from '../../../../commands/commandContext.js';
import { addDays, dayOf } from '../../../../domain/conversation/utcDays.js';
import { assertRefused } from '../../../support/badInput.js';
import { hostRequest } from '../../../support/signIn.js';
import {
  as,
  createSignedInWorkspace,
  DASH,
  startSignInApp,
  type SignedInWorkspace,
  type TestApp,
} from '../../dashboard/dashboardHarness.js';
import { memberOf, type Session } from '../../dashboard/dashboardFixtures.js';

let app: TestApp;
let owner: SignedInWorkspace;
let other: SignedInWorkspace;
let member: Session;
let chatbotId: string;
const today = dayOf(new Date());

const asMember = (method: string, path: string) =>
  hostRequest(app, method, path, { origin: member.origin, cookie: member.cookie, csrfToken: member.csrfToken });

test.before(async () => {
  app = await startSignInApp();
  owner = await createSignedInWorkspace(app, 'pro');
  other = await createSignedInWorkspace(app, 'pro');
  member = await memberOf(app, owner);
  const bot = await as(app, owner)('POST', `${DASH}/chatbots`, { name: 'Helpdesk' });
  assert.is(bot.status, 201, bot.text);
  chatbotId = bot.body.data.id;
  const at = new Date().toISOString();
  const ids = { sessionId: 'dash-s1', chatbotId, workspaceId: owner.workspaceId, responseId: 'dash-r1' };
  const metadata = { ...systemContext('test', owner.workspaceId), occurredAt: at } as never;
  const { position } = await app.services.events.append('conversation-dash-s1', [
    {
      type: 'ConversationStarted',
      data: { ...ids, aiAgent: 'Ava', chatbotName: 'Helpdesk', startedAt: at, messages: [] },
      metadata,
    },
    {
      type: 'KnowledgeNotFound',
      data: { ...ids, question: 'Do you ship to Mars?', action: 'handed_off', askedAt: at },
      metadata,
    },
    {
      type: 'ConversationCompleted',
      data: {
        ...ids,
        resolution: 'escalated',
        escalationReason: 'low_confidence',
        duration: 5,
        turnCount: 1,
        completedAt: at,
      },
      metadata,
    },
  ]);
  await app.services.projections.waitFor(position);
});
test.after(() => app.close());

test('a member reads the analytics of the last 30 days and the unanswered questions', async () => {
  const r = await asMember('GET', `${DASH}/chatbots/${chatbotId}/agent/analytics`);
  assert.is(r.status, 200, r.text);
  const d = r.body.data;
  assert.equal([d.startDate, d.endDate, d.days.length], [addDays(today, -29), today, 30]);
  assert.equal([d.conversations, d.escalated, d.unansweredQuestions], [1, 1, 1]);
  assert.equal(d.handoffReasons, { low_confidence: 1 });
  const list = await asMember('GET', `${DASH}/knowledge/unanswered?chatbotId=${chatbotId}`);
  assert.is(list.status, 200, list.text);
  assert.equal(
    list.body.data.map((q: any) => [q.question, q.action, q.sessionId]),
    [['Do you ship to Mars?', 'handed_off', 'dash-s1']],
  );
  assert.is(list.body.nextCursor, null);
});

test("bad inputs are 400s naming the field; another workspace's chatbot is 404 and its questions are not shown", async () => {
  const call = as(app, owner);
  const path = `${DASH}/chatbots/${chatbotId}/agent/analytics`;
  assertRefused(await call('GET', `${path}?startDate=2026-02-29`), 400, 'startDate');
  assertRefused(await call('GET', `${path}?startDate=2024-01-01&endDate=2025-01-01`), 400, 'startDate');
  assertRefused(await call('GET', `${path}?endDate=2026-1-1`), 400, 'endDate');
  assertRefused(await call('GET', `${DASH}/knowledge/unanswered?limit=x`), 400, 'limit');
  assertRefused(await call('GET', `${DASH}/knowledge/unanswered?cursor=%25`), 400, 'cursor');
  const theirs = as(app, other);
  assertRefused(await theirs('GET', path), 404, 'Chatbot');
  assertRefused(await theirs('GET', `${DASH}/knowledge/unanswered?chatbotId=${chatbotId}`), 404, 'Chatbot');
  assert.equal((await theirs('GET', `${DASH}/knowledge/unanswered`)).body, { data: [], nextCursor: null });
  assert.is((await hostRequest(app, 'GET', path, { origin: owner.origin })).status, 401, 'no session');
});

test.run();
