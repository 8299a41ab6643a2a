/**
 * `confab signin-link --workspace W --email E`: the link a sign-in mail carries, handed to the
 * operator instead. It opens the login page on PUBLIC_URL, signs its member in once, expires
 * when the mailed one does, and is refused (saying why) for an address that is not a member.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCliCommand } from '../../cli/cliCommands.js';
import { MAGIC_LINK_TTL_MS } from '../../domain/signIn/challenges.js';
import { freePort } from '../support/freePort.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { createSignedInWorkspace, hostRequest, sessionCookieOf, type SignedInWorkspace } from '../support/signIn.js';
import { linkIn, waitForMailTo } from '../support/signInMail.js';

let app: TestApp;
let now = Date.parse('2030-03-01T10:00:00.000Z');
let ws: SignedInWorkspace;

test.before(async () => {
  const port = await freePort();
  app = await startTestApp(
    { PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, WORKSPACE_DOMAIN: 'localhost' },
    { clock: () => new Date(now) },
  );
  ws = await createSignedInWorkspace(app, 'free');
});
test.after(async () => {
  await app?.close();
});

async function signinLink(...args: string[]): Promise<Record<string, unknown>> {
  const result = await runCliCommand(app.services, ['signin-link', ...args]);
  assert.ok('json' in result, JSON.stringify(result));
  return (result as { json: Record<string, unknown> }).json;
}

const linkFor = async (email = ws.email) =>
  new URL((await signinLink('--workspace', ws.workspaceId, '--email', email)).link as string);

const signInWith = (link: URL) =>
  hostRequest(app, 'POST', '/auth/magic-link/verify', { body: { token: link.searchParams.get('token') } });

test('the link opens the login page on PUBLIC_URL and signs the member in once', async () => {
  const printed = await signinLink('--workspace', ws.workspaceId, '--email', ` ${ws.email.toUpperCase()} `);
  assert.equal(Object.keys(printed).sort(), ['expiresInMinutes', 'link', 'userId', 'workspaceId']);
  assert.equal([printed.workspaceId, printed.userId], [ws.workspaceId, ws.ownerId]);
  assert.is(printed.expiresInMinutes, MAGIC_LINK_TTL_MS / 60_000);
  const link = new URL(printed.link as string);
  assert.is(link.origin, app.config.publicUrl);
  assert.is(link.pathname, '/login/magic');
  // Opening the page (or a mail scanner fetching it) uses nothing; its button's POST signs in.
  const page = await hostRequest(app, 'GET', link.pathname + link.search);
  assert.is(page.status, 200, page.text);
  const used = await signInWith(link);
  assert.is(used.status, 200, used.text);
  assert.ok(sessionCookieOf(used));
  const again = await signInWith(link);
  assert.is(again.status, 401);
  assert.is(again.body.code, 'SIGN_IN_FAILED');
});

test('it expires when a mailed link asked for at the same time does', async () => {
  const handed = await linkFor();
  const kept = await linkFor();
  const asked = await hostRequest(app, 'POST', '/auth/magic-link', { body: { email: ws.email } });
  assert.is(asked.status, 202);
  const mailed = linkIn(await waitForMailTo(app, ws.email), '/login/magic');
  now += MAGIC_LINK_TTL_MS - 1000;
  assert.is((await signInWith(kept)).status, 200, 'still open a second before the end');
  now += 2000;
  for (const [which, link] of [
    ['the handed link', handed],
    ['the mailed link', mailed],
  ] as const) {
    const late = await signInWith(link);
    assert.is(late.status, 401, which);
    assert.is(late.body.code, 'SIGN_IN_FAILED', which);
  }
});

test('refusals say why: no such workspace, not a member there, not an address, options missing', async () => {
  const other = await createSignedInWorkspace(app, 'free');
  for (const [args, field, message] of [
    [['--workspace', 'nope', '--email', ws.email], 'workspace', /no workspace with id "nope"/],
    [['--workspace', ws.workspaceId, '--email', other.email], 'email', /no member of workspace .* has the email/],
    [['--workspace', ws.workspaceId, '--email', 'nobody@example.com'], 'email', /no member of workspace/],
    [['--workspace', ws.workspaceId, '--email', 'not-an-address'], 'email', /email must be a valid email address/],
    [['--workspace', ws.workspaceId], 'email', /--email is required/],
  ] as const) {
    try {
      await signinLink(...args);
      assert.unreachable(args.join(' '));
    } catch (err) {
      assert.match((err as Error).message, message, args.join(' '));
      assert.is((err as { field?: string }).field, field, args.join(' '));
    }
  }
});

test.run();
