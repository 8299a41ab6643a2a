/**
 * What the CLI prints for a command's result (docs/cli.md): one JSON object, JSON lines, help
 * text, or (events export --out FILE) the lines written to FILE and `{"out","events"}` printed.
 * The file is written by the CLI's own process, relative to the folder the operator runs it in,
 * also when the command itself ran inside the server.
 */
import { statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ValidationError } from '../domain/errors.js';
import type { CliResult } from './commandTable.js';

/** process.stdout, or a stand-in in tests. */
export interface TextOutput {
  write(text: string): unknown;
}

/**
 * The file `--out` names, resolved from `cwd`. Checked before the command runs too, so that a
 * long export does not end on a path it cannot write.
 */
export function outputFile(typed: string, cwd: string): string {
  const path = resolve(cwd, typed);
  if (!statSync(dirname(path), { throwIfNoEntry: false })?.isDirectory())
    throw new ValidationError(`--out: there is no folder ${dirname(path)}`, 'out');
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
    throw new ValidationError(`--out: ${path} is a folder; name a file`, 'out');
  return path;
}

export function printResult(result: CliResult, stdout: TextOutput, cwd: string): void {
  if ('json' in result) stdout.write(`${JSON.stringify(result.json)}\n`);
  else if ('text' in result) stdout.write(result.text);
  else if (result.out !== undefined) {
    const path = outputFile(result.out, cwd);
    writeFileSync(path, result.lines.map((line) => `${line}\n`).join(''));
    stdout.write(`${JSON.stringify({ out: path, events: result.lines.length })}\n`);
  } else for (const line of result.lines) stdout.write(`${line}\n`);
}
