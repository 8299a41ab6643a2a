/**
 * The CLI's command-line reader: strict, so an operator's slip is pointed at instead of
 * silently changing what runs (a repeated option used to keep only its last value).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCommandLine } from '../../cli/cliArguments.js';

function refused(argv: string[], message: RegExp): void {
  try {
    parseCommandLine(argv);
  } catch (err) {
    assert.match((err as Error).message, message, argv.join(' '));
    return;
  }
  assert.unreachable(`accepted: ${argv.join(' ')}`);
}

function values(argv: string[]) {
  const parsed = parseCommandLine(argv);
  if (parsed.kind !== 'run') throw new Error(`not a run: ${argv.join(' ')}`);
  return parsed.values;
}

test('an option given twice is refused, unless it is documented as repeatable', () => {
  refused(['apikey', 'revoke', '--id', 'A', '--id', 'B'], /--id is given more than once/);
  refused(
    ['workspace', 'create', '--name', 'A', '--plan', 'pro', '--owner-email', 'a@b.test', '--plan', 'free'],
    /--plan is given more than once/,
  );
  refused(['events', 'export', '--stream=a', '--stream', 'b'], /--stream is given more than once/);
  assert.equal(values(['projections', 'retry', '--id', 'A', '--id', 'B']), { id: ['A', 'B'] });
});

test('empty values, missing values, stray arguments and unknown options are refused with what to type', () => {
  refused(['events', 'export', '--stream', ''], /--stream must not be empty/);
  refused(['events', 'export', '--workspace', '  '], /--workspace must not be empty/);
  refused(['events', 'export', '--stream'], /--stream needs a value/);
  refused(['workspace', 'create', '--name', '--plan', 'pro'], /--name needs a value/);
  refused(['apikey', 'revoke', 'K'], /unexpected argument "K"/);
  refused(
    ['workspace', 'create', '--bogus-flag'],
    /unknown option --bogus-flag for workspace create\. Its options: --name, --plan/,
  );
  refused(['apikey', 'revoke'], /--id is required/);
  refused(['frobnicate'], /unknown command "frobnicate"\. Commands: workspace create, .*events export/);
  refused([], /no command given/);
  refused(['workspace'], /"workspace" is not a command; did you mean workspace create or workspace set-plan\?/);
  refused(['workspace', 'delete'], /unknown command "workspace delete"/);
  // A value may start with one dash (written --x=… when it starts with two).
  assert.equal(values(['apikey', 'revoke', '--id', '-1']), { id: '-1' });
  assert.equal(values(['apikey', 'revoke', '--id=--x']), { id: '--x' });
});

test('plan, role and scope names ignore case and surrounding blanks alike', () => {
  assert.equal(values(['workspace', 'set-plan', '--workspace', 'w', '--plan', ' STARTER ']), {
    workspace: 'w',
    plan: 'starter',
  });
  assert.equal(values(['apikey', 'create', '--workspace', 'w', '--role', 'ADMIN', '--scopes', 'READ, Account:Write']), {
    workspace: 'w',
    role: 'admin',
    scopes: 'read,account:write',
  });
  // Everything else is taken as typed: ids and names are not names from a list.
  assert.equal(values(['apikey', 'revoke', '--id', 'AbC']), { id: 'AbC' });
});

test('a name with a line break or control character is refused, not stored', () => {
  for (const name of ['Acme\nInc', 'Acme\r', 'Tab\there', 'Bell\u0007', 'Line\u2028sep']) {
    refused(
      ['workspace', 'create', '--name', name, '--plan', 'pro', '--owner-email', 'a@b.test'],
      /--name must be a single line without control characters/,
    );
  }
  assert.is(
    values(['workspace', 'create', '--name', 'Ünïcødé 🤖', '--plan', 'pro', '--owner-email', 'a@b.test']).name,
    'Ünïcødé 🤖',
  );
});

test('help: --help, -h and help, for everything, a group or one command', () => {
  for (const argv of [['--help'], ['-h'], ['help']])
    assert.equal(parseCommandLine(argv), { kind: 'help', group: null, command: null }, argv.join(' '));
  for (const argv of [
    ['workspace', 'create', '--help'],
    ['workspace', 'create', '--name', 'x', '-h'],
    ['help', 'workspace', 'create'],
  ]) {
    const parsed = parseCommandLine(argv);
    assert.is(parsed.kind === 'help' && parsed.command?.name, 'workspace create', argv.join(' '));
  }
  assert.equal(parseCommandLine(['workspace', '--help']), { kind: 'help', group: 'workspace', command: null });
  // -h as the value of the option before it is that value (a password may be "-h…").
  assert.is(values(['apikey', 'revoke', '--id', '-h']).id, '-h');
  refused(['help', 'frobnicate'], /unknown command "frobnicate"/);
});

test.run();
