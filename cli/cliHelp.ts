/**
 * `confab --help`, `confab help [command]`, `confab <command> --help`: text made from the
 * command table (commandTable.ts), the same one the parser reads, so help never drifts from
 * what is accepted.
 */
import { COMMANDS, type CliCommand, type OptionSpec } from './commandTable.js';

const ABOUT = [
  'confab: the Confab operator CLI.',
  'Each command prints one JSON object on stdout and exits 0 (events export: one JSON object per line),',
  'or prints {"error": "..."} on stderr and exits 1. Options are written --name value or --name=value;',
  'each is given once unless it says repeatable. Plan, role and scope names ignore case.',
  'On a terminal, projections rebuild and events export show their progress on stderr (in a pipe, nothing).',
  'Configuration comes from environment variables (README, "Configuration"): DATA_DIR (default: the',
  "project's ./data), DATABASE_URL, LOG_LEVEL, ... While npm start runs on the embedded store, commands",
  'run inside the server through DATA_DIR/confab.sock.',
];

function usage(command: CliCommand): string {
  const parts = command.options.map((o) => {
    const text = `--${o.name} ${o.value}`;
    return o.required ? text : `[${text}]${o.repeatable ? '…' : ''}`;
  });
  return ['confab', command.name, ...parts].join(' ');
}

function describe(option: OptionSpec): string {
  const notes = [option.description];
  if (option.choices) notes.push(`${option.list ? 'comma list of' : 'one of'}: ${option.choices.join(', ')}`);
  if (option.required) notes.push('required');
  return notes.join('; ');
}

function optionLines(command: CliCommand, indent: string): string[] {
  const width = Math.max(0, ...command.options.map((o) => `--${o.name} ${o.value}`.length));
  return command.options.map((o) => `${indent}${`--${o.name} ${o.value}`.padEnd(width)}  ${describe(o)}`);
}

function commandBlock(command: CliCommand): string[] {
  return [`  ${command.name}`, `      ${command.description}`, ...optionLines(command, '      ')];
}

/** Help on everything, on one group's commands, or on one command. */
export function helpText(target: { group: string | null; command: CliCommand | null }): string {
  if (target.command) {
    const { command } = target;
    const options = command.options.length ? ['', 'Options:', ...optionLines(command, '  ')] : ['', 'No options.'];
    return [`Usage: ${usage(command)}`, '', command.description, ...options, ''].join('\n');
  }
  const shown = target.group ? COMMANDS.filter((c) => c.name.startsWith(`${target.group} `)) : COMMANDS;
  return [
    ...(target.group ? [`confab ${target.group} commands:`] : [...ABOUT, '', 'Commands:']),
    ...shown.flatMap((c) => ['', ...commandBlock(c)]),
    '',
    'Run confab <command> --help (e.g. confab workspace create --help) for one command.',
    '',
  ].join('\n');
}
