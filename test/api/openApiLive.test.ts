/**
 * Every operation of the External API, the visitor chat API, the workspace API and the service
 * endpoints, called on a running app for its success answer and each documented error status;
 * each answer's status, headers and body are checked against GET /api/v1/openapi.json. An
 * operation in the document without live samples fails the test, so none slips in unchecked.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { Conformance } from '../support/openApiConformance.js';
import { startMailbox, type Mailbox } from './external/accountMailbox.js';
import { chatSamples, externalApiSamples, workspaceSamples, type Expect } from './openApiLiveSamples.js';

/**
 * Operations of these tags belong to the sign-in, dashboard and storefront work, whose own tests
 * cover them; they are exempt when they have no sample here (and listed).
 */
const EXEMPT_TAG_PREFIXES = ['Sign-in', 'Dashboard', 'Storefront'];

/** Answers that need a store cut off, provoked and checked against the document by their own suite. */
const SAMPLED_ELSEWHERE: Record<string, string> = {
  'getReadiness 503': 'test/api/readiness.test.ts (the database cut off)',
};

let app: TestApp;
let mailbox: Mailbox;
let conformance: Conformance;
const problems: string[] = [];

const expect: Expect = async (op, status, method, path, req = {}) => {
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  if (req.key) headers['x-api-key'] = req.key;
  if (req.ip) headers['x-forwarded-for'] = req.ip;
  let body: string | FormData | undefined;
  if (req.raw !== undefined) body = req.raw;
  else if (req.body !== undefined) body = JSON.stringify(req.body);
  if (typeof body === 'string') headers['content-type'] ??= 'application/json';
  const res = await fetch(app.baseUrl + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  if (res.status !== status)
    problems.push(`${op} ${method} ${path.slice(0, 120)}: expected ${status}, got ${res.status} ${text.slice(0, 200)}`);
  problems.push(...conformance.check(op, { status: res.status, headers: res.headers, text }));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

test.before(async () => {
  mailbox = await startMailbox();
  app = await startTestApp({
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'Confab <no-reply@confab.test>',
    MEDIA_MAX_IMAGE_BYTES: '2048',
  });
  const doc = await app.api('GET', '/api/v1/openapi.json');
  conformance = await Conformance.load(doc.body);
});

test.after(async () => {
  await app.close();
  await mailbox.close();
});

test('service endpoints', async () => {
  await expect('getHealth', 200, 'GET', '/healthz');
  await expect('getReadiness', 200, 'GET', '/readyz');
  await expect('getOpenApiDocument', 200, 'GET', '/api/v1/openapi.json');
  await expect('getApiReference', 200, 'GET', '/docs');
  assert.equal(problems, []);
});

test('External API: every operation, success and each documented error', async () => {
  await externalApiSamples(app, expect, mailbox);
  assert.equal(problems, []);
});

test('visitor chat API: every operation, success and each documented error', async () => {
  await chatSamples(app, expect);
  assert.equal(problems, []);
});

test('workspace API: every operation, success and each documented error', async () => {
  await workspaceSamples(app, expect);
  assert.equal(problems, []);
});

test('every documented operation and status has a live sample (5XX excepted: not provoked here)', () => {
  const uncovered: string[] = [];
  const exempt: string[] = [];
  for (const op of conformance.operations.values()) {
    const missing = conformance.missing(op.id).filter((status) => !(`${op.id} ${status}` in SAMPLED_ELSEWHERE));
    if (!missing.length) continue;
    const isExempt =
      !conformance.seen.has(op.id) && op.tags.some((t) => EXEMPT_TAG_PREFIXES.some((p) => t.startsWith(p)));
    (isExempt ? exempt : uncovered).push(`${op.id} (${op.method} ${op.path}): ${missing.join(', ')}`);
  }
  if (exempt.length) console.log(`exempt by tag, no live sample here:\n  ${exempt.join('\n  ')}`);
  assert.equal(uncovered, []);
});

test.run();
