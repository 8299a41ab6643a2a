/** `confab …`: the operator CLI. Prints one JSON object (or JSON lines) on stdout; errors on stderr. */
import { loadConfig } from '../infrastructure/config.js';
import { createContainer } from '../app/compositionRoot.js';
import { createLogger } from '../infrastructure/logger.js';
import { runCliCommand, type CliResult } from './cliCommands.js';
import { sendToAdminSocket } from './adminSocket.js';

function print(result: CliResult): void {
  if ('json' in result) process.stdout.write(JSON.stringify(result.json) + '\n');
  else for (const line of result.lines) process.stdout.write(line + '\n');
}

async function main(argv: string[]): Promise<void> {
  const config = loadConfig();
  const viaServer = config.databaseUrl ? null : await sendToAdminSocket(config, argv);
  if (viaServer) return print(viaServer);
  const services = await createContainer(config, { logger: createLogger(process.env.LOG_LEVEL ?? 'warn') });
  try {
    await services.projections.catchUp();
    print(await runCliCommand(services, argv));
  } finally {
    await services.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: Error) => {
    process.stderr.write(JSON.stringify({ error: err.message }) + '\n');
    process.exit(1);
  },
);
