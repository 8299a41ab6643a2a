/**
 * AccountCommands against a real store with a clock the test moves: expiry, release of
 * reserved addresses, reclaiming stale reservations, and no code in any log line.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PassThrough } from 'node:stream';
import winston from 'winston';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { AggregateStore } from '../../commands/aggregateStore.js';
import { Reservations } from '../../commands/reservations.js';
import { AccountCommands, RECLAIM_GRACE_MS } from '../../commands/accountCommands.js';
import type { CommandContext } from '../../commands/commandContext.js';
import { createLogger } from '../../infrastructure/logger.js';
import type { OutgoingMail } from '../../infrastructure/mail/mailer.js';
import { ConflictError, DomainError, ValidationError } from '../../domain/errors.js';

let app: TestApp;
let now = new Date('2031-01-01T00:00:00Z');
let commands: AccountCommands;
let reservations: Reservations;
const sent: OutgoingMail[] = [];
let failMail = false;
let logs = '';
let n = 0;

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
function codeTo(address: string): string {
  const mail = sent.filter((m) => m.to === address).at(-1);
  const code = /^ {4}(\d{6})$/m.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code to ${address}`);
  return code;
}

async function user(): Promise<{ id: string; email: string; ctx: CommandContext & { workspaceId: string } }> {
  n += 1;
  const email = `cmd-owner${n}@example.com`;
  const ws = await app.createWorkspace('pro', { ownerEmail: email });
  return {
    id: ws.ownerId,
    email,
    ctx: { actor: { type: 'apiKey', id: `key-${n}` }, workspaceId: ws.workspaceId, correlationId: `c-${n}` },
  };
}

/** A request for an address another account holds is answered as any other; the holder keeps it. */
async function stillHeldBy(request: Promise<unknown>, address: string, holderId: string): Promise<void> {
  await request;
  assert.is(await reservations.ownerOf('email', address), holderId);
}

async function rejects(promise: Promise<unknown>, type: typeof DomainError, code: string): Promise<void> {
  try {
    await promise;
  } catch (err) {
    assert.instance(err, type);
    assert.is((err as DomainError).code, code);
    return;
  }
  assert.unreachable(`expected ${code}`);
}

test.before(async () => {
  app = await startTestApp();
  const aggregates = new AggregateStore(
    app.services.events,
    (p) => app.services.projections.waitFor(p),
    () => now,
  );
  reservations = new Reservations(aggregates);
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  const logger = createLogger('debug');
  logger.clear().add(new winston.transports.Stream({ stream }));
  commands = new AccountCommands({
    aggregates,
    reservations,
    events: app.services.events,
    logger,
    codePepper: 'account-commands-test-pepper',
    workspaceName: async () => 'Clockwork Co',
    mailer: {
      async send(mail) {
        if (failMail) throw new Error(`550 refused: ${mail.to}`);
        sent.push(mail);
        return { messageId: `<${sent.length}@test>` };
      },
    },
  });
});

test('a code presented after 10 minutes is expired: the request ends and its address is released', async () => {
  const u = await user();
  const target = `exp${n}@example.org`;
  await commands.requestEmailChange(u.id, target, u.ctx);
  const code = codeTo(u.email);
  advance(10 * 60_000);
  await rejects(commands.verifyIdentity(u.id, target, code, u.ctx), ValidationError, 'CODE_EXPIRED');
  assert.is(await reservations.ownerOf('email', target), null);
  const types = (await app.services.events.readStream(`user-${u.id}`)).map((e) => e.type);
  assert.is(types.at(-1), 'EmailChangeExpired');
  await rejects(commands.verifyIdentity(u.id, target, code, u.ctx), ValidationError, 'EMAIL_CHANGE_STEP');

  // Same at step 3, one millisecond before and at expiry.
  await commands.requestEmailChange(u.id, target, u.ctx);
  await commands.verifyIdentity(u.id, target, codeTo(u.email), u.ctx);
  advance(10 * 60_000);
  await rejects(commands.confirmChange(u.id, target, codeTo(target), u.ctx), ValidationError, 'CODE_EXPIRED');
  assert.is((await commands.load(u.id)).registration.email, u.email);
  assert.is(await reservations.ownerOf('email', target), null);

  await commands.requestEmailChange(u.id, target, u.ctx);
  await commands.verifyIdentity(u.id, target, codeTo(u.email), u.ctx);
  advance(10 * 60_000 - 1);
  assert.equal(await commands.confirmChange(u.id, target, codeTo(target), u.ctx), { newEmail: target });
});

test('an abandoned request keeps its address until its expiry plus the grace period, then another account may take it', async () => {
  const a = await user();
  const b = await user();
  const target = `abandoned${n}@example.org`;
  await commands.requestEmailChange(a.id, target, a.ctx);
  await stillHeldBy(commands.requestEmailChange(b.id, target, b.ctx), target, a.id);
  advance(10 * 60_000 + RECLAIM_GRACE_MS - 1);
  await stillHeldBy(commands.requestEmailChange(b.id, target, b.ctx), target, a.id);
  advance(1);
  await commands.requestEmailChange(b.id, target, b.ctx);
  assert.is(await reservations.ownerOf('email', target), b.id);
});

test('a reservation left behind by a crash is reclaimed once old enough; one whose holder is not registered yet is not', async () => {
  const a = await user();
  const b = await user();
  const leftover = `leftover${n}@example.org`;
  await reservations.reserve('email', leftover, a.id, a.ctx, 'taken');
  await stillHeldBy(commands.requestEmailChange(b.id, leftover, b.ctx), leftover, a.id);
  advance(RECLAIM_GRACE_MS - 1);
  await stillHeldBy(commands.requestEmailChange(b.id, leftover, b.ctx), leftover, a.id);
  advance(1);
  await commands.requestEmailChange(b.id, leftover, b.ctx);
  assert.is(await reservations.ownerOf('email', leftover), b.id);

  const registering = `registering${n}@example.org`;
  await reservations.reserve('email', registering, 'not-yet-registered-user', a.ctx, 'taken');
  advance(RECLAIM_GRACE_MS);
  await stillHeldBy(commands.requestEmailChange(b.id, registering, b.ctx), registering, 'not-yet-registered-user');
  // The owner's own current address is never stale.
  await stillHeldBy(commands.requestEmailChange(b.id, a.email, b.ctx), a.email, a.id);
});

test('verify and confirm re-assert the reservation: an address lost in between cannot be confirmed (409 only with the new-inbox code)', async () => {
  const a = await user();
  const b = await user();
  const target = `lost${n}@example.org`;
  await commands.requestEmailChange(a.id, target, a.ctx);
  const identity = codeTo(a.email);
  // Simulate losing the address (e.g. reclaimed while this instance was stalled) to a live request of B.
  await reservations.release('email', target, a.id, a.ctx);
  await commands.requestEmailChange(b.id, target, b.ctx);
  await stillHeldBy(commands.verifyIdentity(a.id, target, identity, a.ctx), target, b.id);
  await rejects(commands.confirmChange(a.id, target, codeTo(target), a.ctx), ConflictError, 'EMAIL_TAKEN');
  assert.is((await commands.load(a.id)).registration.email, a.email);

  const c = await user();
  const target2 = `lost2-${n}@example.org`;
  await commands.requestEmailChange(c.id, target2, c.ctx);
  await commands.verifyIdentity(c.id, target2, codeTo(c.email), c.ctx);
  await reservations.release('email', target2, c.id, c.ctx);
  await commands.requestEmailChange(b.id, target2, b.ctx);
  await rejects(commands.confirmChange(c.id, target2, codeTo(target2), c.ctx), ConflictError, 'EMAIL_TAKEN');
  assert.is((await commands.load(c.id)).registration.email, c.email);

  // A holder without a live claim does not block: the reservation is taken back.
  const d = await user();
  const target3 = `lost3-${n}@example.org`;
  await commands.requestEmailChange(d.id, target3, d.ctx);
  await reservations.release('email', target3, d.id, d.ctx);
  await reservations.reserve('email', target3, a.id, a.ctx, 'taken');
  advance(RECLAIM_GRACE_MS);
  await commands.verifyIdentity(d.id, target3, codeTo(d.email), d.ctx);
  assert.is(await reservations.ownerOf('email', target3), d.id);
});

test("another account's address: each step answers as for any address; only the right new-inbox code hears 409 EMAIL_TAKEN", async () => {
  const a = await user();
  const b = await user();
  await commands.requestEmailChange(b.id, a.email, b.ctx);
  await commands.verifyIdentity(b.id, a.email, codeTo(b.email), b.ctx);
  const code = codeTo(a.email);
  await rejects(commands.confirmChange(b.id, a.email, wrong(code), b.ctx), ValidationError, 'INVALID_CODE');
  await rejects(commands.confirmChange(b.id, a.email, code, b.ctx), ConflictError, 'EMAIL_TAKEN');
  assert.is((await commands.load(b.id)).registration.email, b.email);
  assert.is(await reservations.ownerOf('email', a.email), a.id);
});

test('a request whose mail failed keeps its address until superseded; a refused one leaves the current address reserved', async () => {
  const u = await user();
  const target = `giveback${n}@example.org`;
  failMail = true;
  try {
    await rejects(commands.requestEmailChange(u.id, target, u.ctx), DomainError, 'MAIL_DELIVERY_FAILED');
  } finally {
    failMail = false;
  }
  // The request was recorded before the mail failed, so its address stays with it.
  assert.is(await reservations.ownerOf('email', target), u.id);
  await rejects(commands.requestEmailChange(u.id, u.email.toUpperCase(), u.ctx), ValidationError, 'EMAIL_UNCHANGED');
  assert.is(await reservations.ownerOf('email', u.email), u.id, 'the current address stays reserved');
  await commands.requestEmailChange(u.id, `other${n}@example.org`, u.ctx);
  assert.is(await reservations.ownerOf('email', target), null, 'superseded');
});

test('no code appears in any log line, even when mail fails', async () => {
  assert.ok(logs.length > 0, 'something was logged');
  const codes = sent.flatMap((m) => [...(/^ {4}(\d{6})$/gm.exec(m.text) ?? [])].slice(1));
  assert.ok(codes.length >= 5);
  for (const code of codes) assert.not.ok(logs.includes(code), `code ${code} in the logs`);
  assert.not.match(logs, /"otp"|codeHash|salt/);
});

test('close', async () => {
  await app.close();
});

test.run();
