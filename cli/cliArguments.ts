/**
 * Reads `confab <group> <action> --option value …` against the command table. Strict, because an
 * operator's slip must not pass silently: an unknown or repeated option, a missing or empty
 * value, a stray argument are each refused with a message saying what to type instead.
 * `--help`/`-h` anywhere, `help …` or no command at all ask for help instead.
 */
import { ValidationError } from '../domain/errors.js';
import { refuseControlCharacters } from '../domain/controlCharacters.js';
import { COMMANDS, type CliCommand, type OptionSpec, type OptionValues } from './commandTable.js';

export type ParsedCommandLine =
  | { kind: 'run'; command: CliCommand; values: OptionValues }
  /** Help on everything (command null, group null), on one group's commands, or on one command. */
  | { kind: 'help'; group: string | null; command: CliCommand | null };

const HELP_FLAGS = ['--help', '-h'];

export const commandNames = () => COMMANDS.map((c) => c.name);

function unknownCommand(typed: string): ValidationError {
  return new ValidationError(
    `unknown command "${typed}". Commands: ${commandNames().join(', ')}. Run confab --help for their options`,
    'command',
  );
}

/** The command `words` name, or the group when they name only a group; else an error quoting `typed`. */
function lookUp(words: string[], typed: string[]): { command: CliCommand | null; group: string | null } {
  const command = COMMANDS.find((c) => c.name === words.slice(0, 2).join(' '));
  if (command) return { command, group: null };
  if (words.length === 1 && COMMANDS.some((c) => c.name.startsWith(`${words[0]} `)))
    return { command: null, group: words[0] };
  throw unknownCommand(typed.join(' '));
}

/**
 * `--help` anywhere asks for help; so does `-h`, unless it is the value of the option before it
 * (`--owner-password -h`): values may start with one dash, never with two.
 */
function asksForHelp(args: string[]): boolean {
  return args.some(
    (a, i) => a === '--help' || (a === '-h' && !(i > 0 && /^--[^=]+$/.test(args[i - 1]) && args[i - 1] !== '--help')),
  );
}

/** Plan, role and scope names: case and surrounding blanks do not matter (`--plan ' Pro '`, `--role ADMIN`). */
function normalised(option: OptionSpec, raw: string): string {
  if (!option.choices) return raw;
  if (!option.list) return raw.trim().toLowerCase();
  return raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .join(',');
}

function optionValues(command: CliCommand, args: string[]): OptionValues {
  const values: OptionValues = {};
  const optionList = command.options.length ? command.options.map((o) => `--${o.name}`).join(', ') : 'none';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const match = /^--([^=]+)(?:=([\s\S]*))?$/.exec(arg);
    if (!match)
      throw new ValidationError(
        `unexpected argument "${arg}": options are written --name value. Options of ${command.name}: ${optionList}`,
      );
    const option = command.options.find((o) => o.name === match[1]);
    if (!option)
      throw new ValidationError(
        `unknown option --${match[1]} for ${command.name}. Its options: ${optionList} (confab ${command.name} --help)`,
        match[1],
      );
    let raw = match[2];
    if (raw === undefined) {
      raw = args[++i];
      if (raw === undefined || raw.startsWith('--'))
        throw new ValidationError(
          `--${option.name} needs a value (write --${option.name}=… for a value that starts with --)`,
          option.name,
        );
    }
    if (raw.trim() === '') throw new ValidationError(`--${option.name} must not be empty`, option.name);
    if (option.singleLine) refuseControlCharacters(raw, `--${option.name}`);
    const value = normalised(option, raw);
    const previous = values[option.name];
    if (previous !== undefined && !option.repeatable)
      throw new ValidationError(`--${option.name} is given more than once; give it once`, option.name);
    values[option.name] = option.repeatable ? [...((previous as string[] | undefined) ?? []), value] : value;
  }
  for (const option of command.options) {
    if (option.required && values[option.name] === undefined)
      throw new ValidationError(`--${option.name} is required (confab ${command.name} --help)`, option.name);
  }
  return values;
}

export function parseCommandLine(argv: string[]): ParsedCommandLine {
  if (argv.length === 0)
    throw new ValidationError(
      `no command given. Commands: ${commandNames().join(', ')}. Run confab --help for their options`,
      'command',
    );
  if (HELP_FLAGS.includes(argv[0]) || argv[0] === 'help') {
    const words = argv.slice(1).filter((a) => !HELP_FLAGS.includes(a));
    return { kind: 'help', ...(words.length ? lookUp(words, words) : { command: null, group: null }) };
  }
  const words = argv.slice(0, 2).filter((a) => !a.startsWith('-'));
  const found = lookUp(words, argv);
  const rest = argv.slice(words.length);
  const help = asksForHelp(rest);
  if (!found.command) {
    // A group alone (`confab workspace`) runs nothing: its help on request, else its commands.
    if (help) return { kind: 'help', ...found };
    const actions = commandNames().filter((n) => n.startsWith(`${found.group} `));
    throw new ValidationError(
      `"${argv.join(' ')}" is not a command; did you mean ${actions.join(' or ')}? Run confab ${found.group} --help for their options`,
      'command',
    );
  }
  if (help) return { kind: 'help', group: null, command: found.command };
  return { kind: 'run', command: found.command, values: optionValues(found.command, rest) };
}
