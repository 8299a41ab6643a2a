/** The CLI as a user runs it, with the service's environment (test/support/cliProcess.ts). */
export { runCli as cli, runCliJson as cliJson, type CliOutput } from '../../support/cliProcess.js';
