/**
 * The operator commands (docs/cli.md). Each returns one JSON object, or (events export)
 * JSON lines, or (help) text. Run in-process by the CLI, or inside the running server via the
 * admin socket. The commands themselves are the table in commandTable.ts.
 */
import { parseCommandLine } from './cliArguments.js';
import { helpText } from './cliHelp.js';
import type { CliDeps, CliResult } from './commandTable.js';
import type { ProgressReport } from './progressLine.js';

export type { CliDeps, CliResult } from './commandTable.js';

/** `progress`: where a long command reports how far it is (only when a terminal shows it). */
export async function runCliCommand(services: CliDeps, argv: string[], progress?: ProgressReport): Promise<CliResult> {
  const parsed = parseCommandLine(argv);
  if (parsed.kind === 'help') return { text: helpText(parsed) };
  return parsed.command.run(services, parsed.values, progress);
}
