/**
 * The CLI's help is made from the command table the parser reads: every command and every
 * option it accepts is listed, with a description, so the two cannot drift apart.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMMANDS } from '../../cli/commandTable.js';
import { helpText } from '../../cli/cliHelp.js';
import { runCliCommand } from '../../cli/cliCommands.js';
import { PLAN_NAMES } from '../../domain/plans.js';

const noServices = {} as never;

test('confab --help lists every command with its description and every option', () => {
  const text = helpText({ group: null, command: null });
  for (const command of COMMANDS) {
    assert.ok(text.includes(`  ${command.name}\n      ${command.description}`), command.name);
    for (const option of command.options)
      assert.match(
        text,
        new RegExp(`--${option.name} ${option.value}\\s+${option.description.slice(0, 20).replace(/[()]/g, '.')}`),
        `${command.name} --${option.name}`,
      );
  }
  assert.ok(text.includes(PLAN_NAMES.join(', ')), 'the plans come from the domain');
});

test('per-command help: usage line with required and optional options, then the options', () => {
  const create = COMMANDS.find((c) => c.name === 'workspace create')!;
  const text = helpText({ group: null, command: create });
  assert.match(text, /^Usage: confab workspace create --name N --plan P --owner-email E \[--owner-password PW\]/);
  assert.match(text, /--owner-password PW\s+the owner's password, 8 to 200 characters/);
  assert.match(
    helpText({ group: null, command: COMMANDS.find((c) => c.name === 'projections retry')! }),
    /\[--id ID\]…/,
  );
  const group = helpText({ group: 'apikey', command: null });
  assert.ok(
    group.includes('  apikey create\n') &&
      group.includes('  apikey revoke\n') &&
      !group.includes('  workspace create\n'),
  );
});

test('runCliCommand answers help as text without touching any service', async () => {
  const all = await runCliCommand(noServices, ['--help']);
  assert.ok('text' in all && all.text.includes('events export'));
  const one = await runCliCommand(noServices, ['apikey', 'revoke', '--help']);
  assert.ok('text' in one && one.text.startsWith('Usage: confab apikey revoke --id K'));
});

test.run();
