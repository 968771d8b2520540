import { ConfigError } from '../../config.js';
import { TransferRefused } from './refusals.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Runs a command with its arguments; a refusal or a failure is one line and exit code 1. */
export async function runCommand(command: (args: string[], say: (line: string) => void) => Promise<void>): Promise<void> {
  try {
    await command(process.argv.slice(2), say);
  } catch (error) {
    const known = error instanceof TransferRefused || error instanceof ConfigError;
    process.stderr.write(`Ошибка: ${error instanceof Error ? error.message : String(error)}\n`);
    if (!known && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exitCode = 1;
  }
}
