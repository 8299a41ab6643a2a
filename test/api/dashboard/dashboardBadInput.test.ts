/**
 * Bad input to the dashboard API (members, invites, API keys, webhooks, chatbots, account): each
 * a 4xx JSON error naming the problem, and the workspace reads the same afterwards. Ids that every
 * JavaScript object inherits ("constructor", "__proto__") name no member and record nothing.
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
} from './dashboardHarness.js';
import { hostRequest } from '../../support/signIn.js';
import { assertRefused, NOT_A_STRING, NOT_AN_OBJECT, NOT_JSON_TYPES, UNSTORABLE_TEXT } from '../../support/badInput.js';

let app: TestApp;
let ws: SignedInWorkspace;
let call: ReturnType<typeof as>;
let chatbotId: string;
let webhookId: string;

/** What the workspace's pages read: members and invites, keys, webhooks, chatbots, the account. */
async function workspaceState() {
  const read = async (path: string) => (await call('GET', DASH + path)).body;
  return {
    members: await read('/members'),
    keys: await read('/api-keys'),
    hooks: (await read('/webhooks')).data,
    bots: (await read('/chatbots')).data,
    account: await read('/account'),
  };
}

test.before(async () => {
  app = await startSignInApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  ws = await createSignedInWorkspace(app, 'pro', { slug: 'dashbad' });
  call = as(app, ws);
  chatbotId = (await call('POST', `${DASH}/chatbots`, { name: 'Bot' })).body.data.id;
  webhookId = (
    await call('POST', `${DASH}/webhooks`, { chatbotId, url: 'https://127.0.0.1:9/hook', events: ['response.created'] })
  ).body.data.id;
  assert.is((await call('POST', `${DASH}/invites`, { email: 'pending@example.com', role: 'member' })).status, 201);
});
test.after(async () => {
  await app.close();
});

test('member and invite ids every object inherits are 404, and nothing is recorded', async () => {
  const before = await workspaceState();
  const log = async () => (await app.services.events.readStream(`members-${ws.workspaceId}`)).length;
  const recorded = await log();
  for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
    // These answered 204 and wrote MemberRoleChanged, MemberRemoved and InviteRevoked for them.
    assertRefused(
      await call('PATCH', `${DASH}/members/${id}`, { role: 'admin' }),
      404,
      'Member not found',
      `PATCH ${id}`,
    );
    assertRefused(await call('DELETE', `${DASH}/members/${id}`), 404, 'Member not found', `DELETE member ${id}`);
    assertRefused(await call('DELETE', `${DASH}/invites/${id}`), 404, 'Invite not found', `DELETE invite ${id}`);
  }
  assert.is(await log(), recorded, 'no event was appended');
  assert.equal(await workspaceState(), before);
});

/** Each write with a body that passes, to spoil one field at a time. */
const WRITES: Array<{
  method: string;
  path: () => string;
  valid: Record<string, unknown>;
  strings: string[];
  others: Array<[string, unknown]>;
}> = [
  {
    method: 'POST',
    path: () => '/invites',
    valid: { email: 'new@example.com', role: 'member' },
    strings: ['email', 'role'],
    others: [
      ['email', 'not-an-address'],
      ['role', 'owner'],
    ],
  },
  {
    method: 'PATCH',
    path: () => `/members/${ws.ownerId}`,
    valid: { role: 'member' },
    strings: ['role'],
    others: [['role', 'Admin']],
  },
  {
    method: 'POST',
    path: () => '/api-keys',
    valid: { role: 'member', scopes: ['read'] },
    strings: ['role'],
    others: [
      ['scopes', 'read'],
      ['scopes', ['admin']],
      ['scopes', ['read', 'read']],
      ['expires', 1],
    ],
  },
  {
    method: 'POST',
    path: () => '/webhooks',
    valid: { chatbotId: '', url: 'https://127.0.0.1:9/other', events: ['response.created'] },
    strings: ['chatbotId', 'url', 'description'],
    others: [
      ['url', 'http://example.com/h'],
      ['url', 'javascript:alert(1)'],
      ['events', []],
      ['events', ['response.exploded']],
      ['events', 'response.created'],
      ['secret', 'mine'],
    ],
  },
  {
    method: 'PATCH',
    path: () => `/webhooks/${webhookId}`,
    valid: {},
    strings: ['url', 'description', 'status'],
    others: [
      ['status', 'failed'],
      ['events', [42]],
      ['url', 'ftp://x.example'],
    ],
  },
  {
    method: 'POST',
    path: () => '/chatbots',
    valid: { name: 'N' },
    strings: ['name', 'description'],
    others: [
      ['name', ''],
      ['name', 'n'.repeat(101)],
      ['flow', { steps: 'x' }],
      ['flow', { steps: [{ type: 'nope', text: 't' }] }],
      ['disabled', true],
    ],
  },
  {
    method: 'PUT',
    path: () => `/chatbots/${chatbotId}`,
    valid: {},
    strings: ['name', 'description'],
    others: [
      ['disabled', 'yes'],
      ['flow', []],
      ['id', 'other'],
    ],
  },
  {
    method: 'PATCH',
    path: () => '/account',
    valid: {},
    strings: ['name', 'phone', 'dateOfBirth', 'address', 'timezone'],
    others: [
      ['phone', '12'],
      ['dateOfBirth', '2024-02-30'],
      ['timezone', 'Mars/Olympus'],
      ['email', 'a@b.co'],
    ],
  },
  {
    method: 'POST',
    path: () => '/account/password',
    valid: { newPassword: 'long-enough-1' },
    strings: ['currentPassword', 'newPassword'],
    others: [
      ['newPassword', 'short'],
      ['newPassword', 'p'.repeat(201)],
    ],
  },
];

/** The valid body, with the workspace's real chatbot where one is named. */
const validOf = (w: (typeof WRITES)[number]) => ('chatbotId' in w.valid ? { ...w.valid, chatbotId } : w.valid);

test('writes: a body that is no JSON object, or is sent as another type, is refused as such; nothing changes', async () => {
  const before = await workspaceState();
  for (const w of WRITES) {
    const send = (body: string, headers: Record<string, string> = {}) =>
      hostRequest(app, w.method, DASH + w.path(), {
        origin: ws.origin,
        cookie: ws.cookie,
        csrfToken: ws.csrfToken,
        body,
        headers,
      });
    const label = `${w.method} ${w.path()}`;
    for (const [kind, text, says] of NOT_AN_OBJECT) assertRefused(await send(text), 400, says, `${label} ${kind}`);
    // These were read as no body at all: a 200 for a change that was never made.
    for (const [type, body] of [...NOT_JSON_TYPES, ['text/plain', JSON.stringify(validOf(w))]])
      assertRefused(await send(body, { 'content-type': type }), 415, /JSON/, `${label} ${type}`);
    assertRefused(
      await send(JSON.stringify({ ...validOf(w), x: 'x'.repeat(1024 * 1024) })),
      413,
      /1 MB/,
      `${label} 1 MB`,
    );
  }
  assert.equal(await workspaceState(), before);
});

test('writes: each field of a wrong type, unstorable, or breaking its rule is 400 naming it; nothing changes', async () => {
  const before = await workspaceState();
  for (const w of WRITES) {
    const spoiled: Array<[string, unknown]> = [
      ...w.strings.flatMap((f) =>
        [...NOT_A_STRING, ...UNSTORABLE_TEXT.map(([t]) => t)].map((v): [string, unknown] => [f, v]),
      ),
      ...w.others,
    ];
    for (const [field, value] of spoiled) {
      const r = await call(w.method, DASH + w.path(), { ...validOf(w), [field]: value });
      assertRefused(r, 400, field, `${w.method} ${w.path()} ${field}=${JSON.stringify(value)?.slice(0, 40)}`);
    }
  }
  assert.equal(await workspaceState(), before);
  assert.is(
    (await hostRequest(app, 'GET', '/auth/session', { origin: ws.origin, cookie: ws.cookie })).status,
    200,
    'the session and password are as they were',
  );
});

test('the delivery log takes back only cursors it answered; paging values out of range are 400', async () => {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  const log = (query: string) => call('GET', `${DASH}/webhooks/${webhookId}/deliveries?${query}`);
  // Date.parse and the digits check let these through to the database, which failed with a 500.
  const forged = [
    '2024-01-01T00:00:00.000Z|99999999999999999999',
    '1|1',
    '0|1',
    '2024-02-30|1',
    '+275760-09-13T00:00:00.000Z|1',
    '0000-01-01T00:00:00.000Z|1',
    '2024-01-01|1',
    '2024-01-01T00:00:00Z|1',
  ];
  const malformed = ['2024-01-01T00:00:00.000Z|-1', '2024-01-01T00:00:00.000Z|1|2', '2024-01-01T00:00:00.000Z|', '|1'];
  for (const cursor of [...forged, ...malformed].map(b64))
    assertRefused(await log(`cursor=${cursor}`), 400, 'cursor', Buffer.from(cursor, 'base64url').toString());
  for (const query of [
    'cursor=zzz',
    'cursor=',
    'cursor=a&cursor=b',
    'cursor[]=a',
    'limit=0',
    'limit=101',
    'limit=5.5',
    'limit=1&limit=2',
    'limit=0x10',
  ]) {
    assertRefused(await log(query), 400, query.replace(/[=[].*/, ''), query);
  }
  for (const cursor of ['2024-01-01T00:00:00.000Z|1', `${new Date().toISOString()}|9223372036854775807`]) {
    const r = await log(`cursor=${b64(cursor)}`);
    assert.equal([r.status, r.body.data, r.body.nextCursor], [200, [], null], cursor);
  }
});

test('responses and analytics filters: repeated, array-shaped or impossible values are 400 naming them', async () => {
  const responses: Array<[string, string]> = [
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['page=a&page=b', 'page'],
    ['limit=101', 'limit'],
    ['startDate=2024-02-30', 'startDate'],
    ['startDate=2024-1-1', 'startDate'],
    ['startDate=2024-03-01&endDate=2024-01-01', 'startDate'],
    ['resolution=gone', 'resolution'],
    ['resolution[]=ended', 'resolution'],
    [`chatbotId=${'c'.repeat(65)}`, 'chatbotId'],
    ['visitorId=', 'visitorId'],
    ['visitorId=%00', 'visitorId'],
    ['sort=chatDate', 'sort'],
  ];
  for (const [query, field] of responses)
    assertRefused(await call('GET', `${DASH}/responses?${query}`), 400, field, query);
  for (const [query, field] of [
    ['days=0', 'days'],
    ['days=366', 'days'],
    ['days=abc', 'days'],
    ['days=1&days=2', 'days'],
    ['chatbotId=%00', 'chatbotId'],
  ]) {
    assertRefused(await call('GET', `${DASH}/analytics?${query}`), 400, field, query);
  }
  for (const path of [
    '/responses?chatbotId=__proto__',
    '/analytics?chatbotId=constructor',
    '/responses/__proto__',
    '/chatbots/constructor',
    '/webhooks/__proto__/deliveries',
  ]) {
    assertRefused(await call('GET', DASH + path), 404, /not found/i, path);
  }
});

test.run();
