/**
 * docs/webhooks-guide.md is followed as a reader would: its openssl command makes the
 * certificate, Confab starts with the guide's two settings, the guide's receiver (as printed)
 * gets and verifies real deliveries, and its Node and Python verification functions accept what
 * Confab signs and refuse a changed body, a changed id and a stale timestamp.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { signedHeaders } from '../../sdks/node/src/webhookVerification.js';
import { startBlackbox, type Blackbox } from '../blackbox/blackboxServer.js';
import { fencedBlock } from './fencedBlocks.js';
import { freePort } from '../support/freePort.js';
import { eventually } from '../support/waiting.js';

const GUIDE = readFileSync(new URL('../../docs/webhooks-guide.md', import.meta.url), 'utf8');

/** The one fenced block of `language` whose text contains `marker`, without its indentation. */
const block = (language: string, marker: string): string => fencedBlock(GUIDE, language, marker);

const dir = mkdtempSync(join(tmpdir(), 'confab-guide-'));
let bb: Blackbox;
let receiver: ChildProcess | undefined;

test.before(async () => {
  const made = spawnSync('sh', ['-c', block('sh', 'openssl req')], { cwd: dir, encoding: 'utf8' });
  assert.is(made.status, 0, made.stderr);
  // Step 2 of the guide, as settings of the server.
  const start = block('sh', 'npm start');
  assert.match(start, /WEBHOOK_ALLOW_HOSTS=localhost NODE_EXTRA_CA_CERTS="\$PWD\/cert.pem" npm start/);
  bb = await startBlackbox({ env: { WEBHOOK_ALLOW_HOSTS: 'localhost', NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') } });
});
test.after(async () => {
  receiver?.kill();
  await bb?.close();
});

test("the guide's receiver, started as the guide says, gets and verifies real deliveries, and spots a resend", async () => {
  writeFileSync(join(dir, 'receiver.mjs'), block('js', '// receiver.mjs'));
  const ws = await bb.workspace('pro');
  const bot = await bb.api('POST', '/chatbots', { key: ws.apiKey, body: { name: 'Dev bot' } });
  assert.is(bot.status, 201, bot.text);
  const port = await freePort();
  const hook = await bb.api('POST', '/webhooks', {
    key: ws.apiKey,
    body: {
      chatbotId: bot.body.data.id,
      url: `https://localhost:${port}/confab`,
      events: ['conversation.started', 'response.created', 'response.updated', 'conversation.completed'],
    },
  });
  assert.is(hook.status, 201, hook.text);
  assert.match(hook.body.data.secret, /^[0-9a-f]{64}$/);

  const lines: string[] = [];
  receiver = spawn(process.execPath, ['receiver.mjs'], {
    cwd: dir,
    env: { ...process.env, WEBHOOK_SECRET: hook.body.data.secret, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  receiver.stdout!.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)));
  await eventually(() => lines.includes('listening'), 10_000, 'the receiver listening');

  const session = await fetch(`${bb.url}/api/v1/chat/${bot.body.data.id}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  assert.is(session.status, 201);
  const { sessionId } = (await session.json()) as { sessionId: string };
  const said = await fetch(`${bb.url}/api/v1/chat/${bot.body.data.id}/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'Ann' }),
  });
  assert.is(said.status, 200);

  const deliveries = () => lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const got = await eventually(
    () => {
      const events = deliveries().map((d) => d.event.event);
      return events.includes('conversation.started') && events.includes('response.created') && deliveries();
    },
    20_000,
    'conversation.started and response.created verified by the receiver',
  );
  const started = got.find((d: any) => d.event.event === 'conversation.started');
  assert.is(started.event.chatSessionId, sessionId);
  assert.is(started.duplicate, false);
  assert.ok(
    got.every((d: any) => typeof d.id === 'string' && d.id.length > 0),
    'each delivery has its webhook-id',
  );
});

test("the guide's Node and Python functions accept what Confab signs and refuse a changed body, id or a stale timestamp", async () => {
  const secret = 'ab'.repeat(32);
  const body = JSON.stringify({ event: 'response.updated', responseId: 'r1', botId: 'b1', chatSessionId: 's1' });
  const headers = signedHeaders(body, secret, { id: 'msg_1' });
  const cases = [
    { name: 'as signed', body, headers, ok: true },
    { name: 'body changed', body: body.replace('r1', 'r2'), headers, ok: false },
    { name: 'id changed', body, headers: { ...headers, 'webhook-id': 'msg_2' }, ok: false },
    {
      name: 'ten minutes old',
      body,
      headers: signedHeaders(body, secret, { id: 'msg_1', timestamp: Date.now() - 600_000 }),
      ok: false,
    },
    {
      name: 'signed with the decoded hex',
      body,
      headers: signedHeaders(body, Buffer.from(secret, 'hex').toString('latin1')),
      ok: false,
    },
  ];

  writeFileSync(join(dir, 'verify.mjs'), block('js', 'export function verifyConfabDelivery'));
  const node = await import(join(dir, 'verify.mjs'));
  for (const c of cases) assert.is(node.verifyConfabDelivery(secret, c.body, c.headers), c.ok, `Node: ${c.name}`);

  const python = `${block('python', 'def verify_confab_delivery')}
import json, sys
cases = json.load(sys.stdin)
print(json.dumps([verify_confab_delivery(c["secret"], c["body"].encode(), c["headers"]) for c in cases]))
`;
  const run = spawnSync('/usr/bin/python3', ['-c', python], {
    input: JSON.stringify(cases.map((c) => ({ secret, body: c.body, headers: c.headers }))),
    encoding: 'utf8',
  });
  assert.is(run.status, 0, run.stderr);
  assert.equal(
    JSON.parse(run.stdout),
    cases.map((c) => c.ok),
    'Python',
  );

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the guide's line of code, matched as text
  const whsecLine = "const whsec = `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;";
  assert.ok(GUIDE.includes(`\`\`\`js\n${whsecLine}\n\`\`\``), 'the key for Standard Webhooks libraries, in Node');
  assert.ok(block('js', 'standardwebhooks').includes(whsecLine), 'and the same key in the library example');
  const whsecPy = spawnSync(
    '/usr/bin/python3',
    ['-c', `import base64\nsecret = ${JSON.stringify(secret)}\n${block('python', 'whsec = ').trim()}\nprint(whsec)`],
    { encoding: 'utf8' },
  );
  assert.is(whsecPy.stdout.trim(), `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`);
});

test("the guide's standardwebhooks and svix lines verify a delivery with the whsec_ key, and refuse the secret as is", async () => {
  const secret = 'c0ffee'.repeat(10) + 'abcd';
  const rawBody = JSON.stringify({ event: 'conversation.started', chatSessionId: 's1', botId: 'b1' });
  const headers = signedHeaders(rawBody, secret, { id: 'msg_9' });
  // Inside the project, so the module finds the libraries as a receiver's own project would.
  const here = mkdtempSync(join(new URL('../../node_modules/', import.meta.url).pathname, '.webhooks-guide-'));
  writeFileSync(
    join(here, 'libraries.mjs'),
    `export function check(secret, rawBody, headers) {\n${block('js', 'standardwebhooks')
      .split('\n')
      .map((line) => (line.startsWith('import ') ? '' : line))
      .join('\n')}\nreturn [event, sameEvent];\n}\n` +
      block('js', 'standardwebhooks')
        .split('\n')
        .filter((line) => line.startsWith('import '))
        .join('\n'),
  );
  const { check } = await import(join(here, 'libraries.mjs'));
  const [event, sameEvent] = check(secret, rawBody, headers);
  assert.equal(event, JSON.parse(rawBody));
  assert.equal(sameEvent, JSON.parse(rawBody));
  assert.throws(() => check(secret, rawBody.replace('s1', 's2'), headers), 'a changed body is refused');
  const { Webhook } = await import('standardwebhooks');
  assert.throws(() => new Webhook(secret).verify(rawBody, headers), 'the 64-hex secret as is verifies nothing');
});

test.run();
