/**
 * Audit without secrets (docs/sign-in.md): every way in, a failure, a sign-out and a password change
 * leave a log line naming the user and method, and no password, code, token, CSRF token or
 * session id reaches a log line or the event export.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import { createSignedInWorkspace, hostRequest, sessionCookieOf, startSignInApp } from '../../support/signIn.js';
import { codeIn, linkIn, waitForMailTo } from '../../support/signInMail.js';
import { runCliCommand } from '../../../cli/cliCommands.js';

let app: TestApp;
const logged: string[] = [];
const write = process.stderr.write.bind(process.stderr);

test.before(async () => {
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    logged.push(String(chunk));
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  app = await startSignInApp({ LOG_LEVEL: 'info' });
});
test.after(async () => {
  process.stderr.write = write;
  await app.close();
});

test('sign-ins, refusals, sign-out and a password change are logged by user and method; no secret in logs or export', async () => {
  const secrets: string[] = [];
  const ws = await createSignedInWorkspace(app, 'free');
  secrets.push(ws.password, ws.cookie.split('=')[1], ws.csrfToken);

  assert.is(
    (await hostRequest(app, 'POST', '/auth/password', { body: { email: ws.email, password: 'wrong-password-x' } }))
      .status,
    401,
  );
  secrets.push('wrong-password-x');

  await hostRequest(app, 'POST', '/auth/code', { body: { email: ws.email } });
  const code = codeIn(await waitForMailTo(app, ws.email, 1));
  const byCode = await hostRequest(app, 'POST', '/auth/code/verify', { body: { email: ws.email, code } });
  assert.is(byCode.status, 200);
  secrets.push(sessionCookieOf(byCode)!.split('=')[1]);

  await hostRequest(app, 'POST', '/auth/magic-link', { body: { email: ws.email } });
  const token = linkIn(await waitForMailTo(app, ws.email, 2), '/login/magic').searchParams.get('token')!;
  secrets.push(token);
  assert.is((await hostRequest(app, 'POST', '/auth/magic-link/verify', { body: { token } })).status, 200);

  const invited = await hostRequest(app, 'POST', '/api/v1/dashboard/invites', {
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    body: { email: 'audited@example.com', role: 'member' },
  });
  assert.is(invited.status, 201);
  const inviteToken = linkIn(await waitForMailTo(app, 'audited@example.com'), '/invite').searchParams.get('token')!;
  secrets.push(inviteToken, 'audited-password-1');
  assert.is(
    (
      await hostRequest(app, 'POST', '/auth/invite/accept', {
        body: { token: inviteToken, name: 'Audited', password: 'audited-password-1' },
      })
    ).status,
    200,
  );

  const changed = await hostRequest(app, 'POST', '/api/v1/dashboard/account/password', {
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    body: { currentPassword: ws.password, newPassword: 'brand-new-password-2' },
  });
  assert.is(changed.status, 204, changed.text);
  secrets.push('brand-new-password-2', sessionCookieOf(changed)!.split('=')[1]);
  const fresh = sessionCookieOf(changed)!;
  const me = await hostRequest(app, 'GET', '/auth/session', { cookie: fresh });
  assert.is(
    (await hostRequest(app, 'POST', '/auth/logout', { cookie: fresh, csrfToken: me.body.csrfToken })).status,
    204,
  );

  await new Promise((r) => setTimeout(r, 300));
  const lines = logged
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
  const methods = lines.filter((l) => l.message === 'signed in' && l.userId === ws.ownerId).map((l) => l.method);
  for (const m of ['password', 'code', 'magic-link'])
    assert.ok(methods.includes(m), `signed in by ${m} is logged (${methods})`);
  assert.ok(lines.some((l) => l.message === 'sign-in refused' && l.method === 'password' && l.userId === ws.ownerId));
  assert.ok(lines.some((l) => l.message === 'signed out' && l.userId === ws.ownerId));
  assert.ok(
    lines.some(
      (l) => l.message === 'password changed; sessions ended' && l.userId === ws.ownerId && l.sessionsEnded >= 3,
    ),
  );
  assert.ok(lines.some((l) => l.message === 'invite accepted'));

  const exported = await runCliCommand(app.services as never, ['events', 'export']);
  const text = 'lines' in exported ? exported.lines.join('\n') : JSON.stringify(exported);
  const events = text.split('\n').map((l) => JSON.parse(l));
  assert.is(events.find((e) => e.type === 'PasswordChanged')?.data.passwordHash, '[redacted]');
  assert.is(events.find((e) => e.type === 'MemberInvited')?.data.tokenHash, '[redacted]');
  assert.ok(events.some((e) => e.type === 'MemberAdded'));
  const everything = `${logged.join('')}\n${text}`;
  for (const secret of [...secrets, code])
    assert.not.ok(everything.includes(secret), `a secret (${secret.slice(0, 4)}…) leaked`);
  assert.not.match(text, /scrypt\$/);
});

test.run();
