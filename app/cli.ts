/**
 * `confab …`: the operator CLI (docs/cli.md). Prints one JSON object (or JSON lines) on
 * stdout; errors on stderr. With the embedded store and `npm start` running, the command runs
 * inside the server through its admin socket; otherwise this process opens the stores itself.
 * On a terminal, long commands show their progress on stderr (cli/progressLine.ts).
 */
import { loadConfig, type Config } from '../infrastructure/config.js';
import { runCliCommand, type CliResult } from '../cli/cliCommands.js';
import { parseCommandLine } from '../cli/cliArguments.js';
import { helpText } from '../cli/cliHelp.js';
import { sendToAdminSocket } from '../cli/adminSocket.js';
import { outputFile, printResult } from '../cli/cliOutput.js';
import { terminalProgress, type ProgressReport } from '../cli/progressLine.js';
import { createServices } from './compositionRoot.js';

function print(result: CliResult): void {
  printResult(result, process.stdout, process.cwd());
}

async function run(argv: string[], config: Config, progress?: ProgressReport): Promise<CliResult> {
  const viaServer = config.databaseUrl ? null : await sendToAdminSocket(config.dataDir, argv, progress);
  if (viaServer) return viaServer;
  const services = await createServices(config);
  try {
    await services.projections.catchUp();
    return await runCliCommand(services, argv, progress);
  } finally {
    await services.close();
  }
}

async function main(argv: string[]): Promise<void> {
  // Help and a mistyped command line need neither the configuration nor a store.
  const parsed = parseCommandLine(argv);
  if (parsed.kind === 'help') return print({ text: helpText(parsed) });
  if (typeof parsed.values.out === 'string') outputFile(parsed.values.out, process.cwd());
  // An operator's terminal shows warnings and errors unless LOG_LEVEL asks for more.
  const config = loadConfig(process.env, { logLevel: 'warn' });
  const progress = terminalProgress(process.stderr);
  let result: CliResult;
  try {
    result = await run(argv, config, progress?.report);
  } finally {
    progress?.finish();
  }
  print(result);
}

/** Exits once everything written has been handed to the OS: a pipe to a slow reader keeps it all. */
function exitAfterOutput(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

main(process.argv.slice(2)).then(
  () => exitAfterOutput(0),
  (err: Error) => {
    process.stderr.write(JSON.stringify({ error: err.message }) + '\n');
    exitAfterOutput(1);
  },
);
