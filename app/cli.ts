/**
 * `confab …`: the operator CLI (docs/cli.md). Prints one JSON object (or JSON lines) on
 * stdout; errors on stderr. With the embedded store and `npm start` running, the command runs
 * inside the server through its admin socket; otherwise this process opens the stores itself.
 */
import { loadConfig } from '../infrastructure/config.js';
import { runCliCommand, type CliResult } from '../cli/cliCommands.js';
import { parseCommandLine } from '../cli/cliArguments.js';
import { helpText } from '../cli/cliHelp.js';
import { sendToAdminSocket } from '../cli/adminSocket.js';
import { createServices } from './compositionRoot.js';

function print(result: CliResult): void {
  if ('json' in result) process.stdout.write(JSON.stringify(result.json) + '\n');
  else if ('text' in result) process.stdout.write(result.text);
  else for (const line of result.lines) process.stdout.write(line + '\n');
}

async function main(argv: string[]): Promise<void> {
  // Help and a mistyped command line need neither the configuration nor a store.
  const parsed = parseCommandLine(argv);
  if (parsed.kind === 'help') return print({ text: helpText(parsed) });
  // An operator's terminal shows warnings and errors unless LOG_LEVEL asks for more.
  const config = loadConfig(process.env, { logLevel: 'warn' });
  const viaServer = config.databaseUrl ? null : await sendToAdminSocket(config.dataDir, argv);
  if (viaServer) return print(viaServer);
  const services = await createServices(config);
  try {
    await services.projections.catchUp();
    print(await runCliCommand(services, argv));
  } finally {
    await services.close();
  }
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
