/**
 * DATA_DIR holds the embedded event log (webhook secrets sit in its WAL), the code pepper and
 * mails with one-time codes, so after a real run on the embedded store nothing under it may be
 * readable by group or others. PGlite sets its own file modes, so this checks the files on
 * disk, not the umask.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices } from '../../app/compositionRoot.js';
import { operatorContext } from '../../commands/commandContext.js';

const mode = (path: string) => statSync(path).mode & 0o777;

test('after a run on the embedded store DATA_DIR is 0700 and no file under it has a group or other bit', async () => {
  // The usual default umask, and a DATA_DIR and outbox left open by an earlier version.
  process.umask(0o022);
  const parent = mkdtempSync(join(tmpdir(), 'confab-perms-'));
  const dataDir = join(parent, 'data');
  mkdirSync(join(dataDir, 'outbox'), { recursive: true });
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, 'outbox'), 0o755);
  try {
    // An explicit env: the embedded store even when the test run has DATABASE_URL set.
    const services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }), {
      logger: createLogger('error'),
      resolver: async () => [{ address: '93.184.216.34', family: 4 }],
    });
    try {
      const ws = await services.workspaces.createWorkspace(
        { name: 'Perms', plan: 'pro', ownerEmail: 'perms@example.com' },
        operatorContext(),
      );
      const ctx = { ...operatorContext(ws.workspaceId), workspaceId: ws.workspaceId };
      const chatbot = await services.chatbots.create({ name: 'Bot' }, ctx);
      // Its signing secret is in the WAL.
      await services.webhooks.create(
        { chatbotId: chatbot.chatbotId, url: 'https://hooks.example.com/in', events: ['response.created'] },
        ctx,
      );
      await services.account.requestEmailChange(ws.ownerId, 'moved@example.com', ctx);
      assert.is(mode(join(dataDir, 'confab.pid')), 0o600, 'the lock file, while it exists');
    } finally {
      await services.close();
    }
    const entries = readdirSync(dataDir, { recursive: true }).map((p) => join(dataDir, String(p)));
    assert.ok(
      entries.some((p) => p.endsWith('.eml')),
      'the mail went to the outbox',
    );
    assert.ok(
      entries.some((p) => p.includes('pgdata')),
      'the store is under DATA_DIR',
    );
    assert.ok(
      entries.some((p) => p.endsWith('code-pepper')),
      'the code pepper is under DATA_DIR',
    );
    const loose = entries
      .filter((p) => mode(p) & 0o077)
      .map((p) => `${p.slice(dataDir.length)} ${mode(p).toString(8)}`);
    assert.equal(loose, [], 'nothing readable by group or others');
    assert.is(mode(dataDir), 0o700);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

test.run();
