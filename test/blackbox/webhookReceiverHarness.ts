/**
 * What the webhook-receiver black-box files share (webhookReceiverPayloads.test.ts,
 * webhookReceiverRetries.test.ts): a real HTTPS receiver scripted per path and per attempt, a
 * real `node app/main.ts` with shortened retries, an owner signed in for the dashboard's
 * delivery log, and the verification recipes of docs/events.md and both SDKs.
 */
import { spawnSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as assert from 'uvu/assert';
import {
  startHttpsReceiver,
  type HttpsReceiver,
  type ReceivedRequest,
  type ReceiverReply,
} from '../support/httpsReceiver.js';
import { sortedKeys, startBlackbox, type ApiAnswer, type Blackbox } from './blackboxServer.js';

export const root = new URL('../../', import.meta.url).pathname;
export const EVENTS = ['conversation.started', 'response.created', 'response.updated', 'conversation.completed'];
export const DELAYS = [400, 800, 1200];
export const TIMEOUT_MS = 1500;
export const PASSWORD = 'Receiver-Audit-2026!';
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The headers docs/events.md documents for a delivery; the rest may only be HTTP transport. */
export const DOCUMENTED_HEADERS = [
  'content-type',
  'user-agent',
  'webhook-id',
  'webhook-signature',
  'webhook-timestamp',
  'x-webhook-delivery-id',
  'x-webhook-event',
  'x-webhook-signature',
  'x-webhook-timestamp',
];
export const TRANSPORT_HEADERS = [
  'host',
  'connection',
  'content-length',
  'accept',
  'accept-encoding',
  'accept-language',
  'sec-fetch-mode',
  'transfer-encoding',
  'keep-alive',
];
export const PAYLOAD_FIELDS: Record<string, string[]> = {
  'response.created': ['event', 'chatSessionId', 'responseId', 'botId', 'visitorId', 'timestamp'],
  'response.updated': ['event', 'responseId', 'botId', 'chatSessionId', 'timestamp'],
  'conversation.started': ['event', 'chatSessionId', 'botId', 'chatbotName', 'visitorId', 'channel', 'timestamp'],
  'conversation.completed': ['event', 'chatSessionId', 'botId', 'resolution', 'duration', 'turnCount', 'timestamp'],
};
export const FLOW = {
  steps: [
    { type: 'message', text: 'Hello!' },
    { type: 'question', text: 'Your name?', variable: 'name' },
    { type: 'question', text: 'Your email, {{name}}?', variable: 'email' },
    { type: 'message', text: 'Thanks!' },
  ],
};

export let bb: Blackbox;
export let receiver: HttpsReceiver;
export let key = '';
export let ownerEmail = '';
export let cookie = '';
export const secrets: string[] = [];
/** path → what the receiver answers to the n-th request (1-based) of one delivery id. */
export const behaviour = new Map<string, (n: number, req: ReceivedRequest) => ReceiverReply>();
export const seen = new Map<string, number>();

/** Starts the receiver and the service, makes the workspace and signs its owner in. */
export async function startReceiverAudit(): Promise<void> {
  receiver = await startHttpsReceiver();
  receiver.respondWith((req) => {
    const path = req.path;
    const id = `${path} ${String(req.headers['x-webhook-delivery-id'])}`;
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return (behaviour.get(path) ?? (() => ({ status: 200, body: { ok: true } })))(n, req);
  });
  bb = await startBlackbox({
    env: {
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      NODE_EXTRA_CA_CERTS: receiver.caFile,
      WEBHOOK_RETRY_DELAYS_MS: DELAYS.join(','),
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  const ws = await bb.workspace('enterprise', ['--owner-password', PASSWORD]);
  key = ws.apiKey;
  ownerEmail = ws.ownerEmail;
  const login = await fetch(`${bb.url}/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ownerEmail, password: PASSWORD }),
  });
  assert.is(login.status, 200, await login.text());
  cookie = (login.headers.getSetCookie().find((c) => c.startsWith('confab_session=')) ?? '').split(';')[0]!;
  assert.ok(cookie, 'a session cookie');
}

export async function stopReceiverAudit(): Promise<void> {
  await bb?.close();
  await receiver?.close();
}

export async function botWithHook(
  path: string,
  events = EVENTS,
  name = `Bot ${path}`,
): Promise<{ botId: string; hookId: string; secret: string }> {
  const bot = await bb.api('POST', '/chatbots', { key, body: { name, flow: FLOW } });
  assert.is(bot.status, 201, bot.text);
  const hook = await bb.api('POST', '/webhooks', {
    key,
    body: { chatbotId: bot.body.data.id, url: `${receiver.url}${path}`, events },
  });
  assert.is(hook.status, 201, hook.text);
  assert.match(hook.body.data.secret, /^[0-9a-f]{64}$/);
  secrets.push(hook.body.data.secret);
  return { botId: bot.body.data.id, hookId: hook.body.data.id, secret: hook.body.data.secret };
}

export async function startSession(botId: string, body: Record<string, unknown> = {}): Promise<string> {
  const r = await bb.http('POST', `/api/v1/chat/${botId}/sessions`, { body });
  assert.is(r.status, 201, r.text);
  return r.body.sessionId;
}

export async function say(botId: string, sessionId: string, message: string): Promise<ApiAnswer> {
  const r = await bb.http('POST', `/api/v1/chat/${botId}/sessions/${sessionId}/messages`, { body: { message } });
  assert.is(r.status, 200, r.text);
  return r;
}

export const at = (path: string) => receiver.requests.filter((r) => r.path === path);
export const deliveryId = (r: ReceivedRequest) => String(r.headers['x-webhook-delivery-id']);
export const bodyOf = (r: ReceivedRequest) => JSON.parse(r.rawBody.toString('utf8'));
export function byDelivery(path: string): Map<string, ReceivedRequest[]> {
  const out = new Map<string, ReceivedRequest[]>();
  for (const r of at(path)) out.set(deliveryId(r), [...(out.get(deliveryId(r)) ?? []), r]);
  return out;
}

export async function hookView(hookId: string): Promise<any> {
  const r = await bb.api('GET', '/webhooks', { key });
  assert.is(r.status, 200, r.text);
  const doc = r.body.data.find((h: { id: string }) => h.id === hookId);
  assert.ok(doc, `webhook ${hookId} listed`);
  return doc;
}

export async function dashboard(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  const headers: Record<string, string> = { cookie, origin: bb.url };
  if (method !== 'GET') {
    const s = await bb.http('GET', '/auth/session', { headers: { cookie } });
    headers['x-csrf-token'] = s.body?.csrfToken;
  }
  return bb.http(method, `/api/v1/dashboard${path}`, { body, headers });
}

export async function allLogPages(hookId: string, limit?: number): Promise<{ pages: any[][]; entries: any[] }> {
  const pages: any[][] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams();
    if (limit) q.set('limit', String(limit));
    if (cursor) q.set('cursor', cursor);
    const r = await dashboard('GET', `/webhooks/${hookId}/deliveries?${q}`);
    assert.is(r.status, 200, r.text);
    assert.equal(sortedKeys(r.body), ['data', 'nextCursor']);
    pages.push(r.body.data);
    cursor = r.body.nextCursor;
    assert.ok(pages.length < 50, 'paging ends');
  } while (cursor);
  return { pages, entries: pages.flat() };
}

/** The docs/events.md recipe, copied literally. */
export function readmeVerify(rawBody: Buffer, req: { headers: Record<string, unknown> }, secret: string): boolean {
  const crypto = { createHmac, timingSafeEqual };
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(rawBody).digest('hex'));
  const given = Buffer.from(String(req.headers['x-webhook-signature'] ?? ''));
  const ok = given.length === expected.length && crypto.timingSafeEqual(given, expected);
  return ok;
}

export const PYTHON = process.env.SDK_PYTHON ?? 'python3';
/**
 * Runs Python on deliveries: stdin is JSON [{body (base64), headers, secret, now?}], stdout one
 * JSON line per case: {doc: the recipe of docs/events.md, sdk: confab.webhooks.verify ("ok" or the error
 * class)}. Without httpx installed the SDK package cannot be imported (its __init__ imports the
 * client), so then a stand-in httpx module lets confab.webhooks load: it uses only the stdlib.
 */
export const PY = String.raw`
import base64, hashlib, hmac, json, sys, types
sys.path.insert(0, sys.argv[1] + "/sdks/python")
try:
    import httpx  # noqa
except ImportError:
    stub = types.ModuleType("httpx")
    class _Any:
        def __init__(self, *a, **k): pass
    stub.__getattr__ = lambda name: _Any
    sys.modules["httpx"] = stub
import confab.webhooks as cw
for case in json.load(sys.stdin):
    raw = base64.b64decode(case["body"])
    secret = case["secret"]
    # The docs/events.md recipe written from the docs alone: hex HMAC-SHA256 of the raw body, timing-safe compare.
    expected = hmac.new(secret.encode("utf-8"), raw, hashlib.sha256).hexdigest()
    doc = hmac.compare_digest(expected, case["headers"].get("x-webhook-signature", ""))
    try:
        kw = {"now": case["now"]} if case.get("now") is not None else {}
        cw.verify(raw, case["headers"], secret, **kw)
        sdk = "ok"
    except Exception as err:
        sdk = type(err).__name__
    print(json.dumps({"doc": doc, "sdk": sdk}))
`;

export function pythonVerify(
  cases: Array<{ body: Buffer; headers: Record<string, string>; secret: string; now?: number }>,
): Array<{ doc: boolean; sdk: string }> {
  const input = JSON.stringify(
    cases.map((c) => ({ body: c.body.toString('base64'), headers: c.headers, secret: c.secret, now: c.now ?? null })),
  );
  const out = spawnSync(PYTHON, ['-c', PY, root], { input, encoding: 'utf8' });
  assert.is(out.status, 0, out.stderr);
  return out.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

export const plainHeaders = (r: ReceivedRequest) =>
  Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));

// ---------------------------------------------------------------- tests
