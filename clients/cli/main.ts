import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { parseCommandLine } from './args.ts';
import { runCommand, type CliIo } from './commands.ts';
import { defaultConfigPath } from './config-store.ts';
import { CliError, EXIT } from './exit-codes.ts';

// `tocsin`: the entry point of `node clients/cli/main.ts` and of the single-file executables
// (bundled to CommonJS, so no top-level await).

async function readInput(path: string): Promise<Buffer> {
  if (path !== '-') return readFile(path);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const interrupted = new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  const io: CliIo = {
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
    env: process.env,
    configPath: defaultConfigPath(),
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    ask: async (question) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await rl.question(question);
      } finally {
        rl.close();
      }
    },
    readInput,
    interrupted,
  };
  try {
    const invocation = parseCommandLine(argv);
    return await runCommand(invocation.command, invocation.json, io);
  } catch (error) {
    const failure =
      error instanceof CliError ? error : new CliError(EXIT.ERROR, 'ERROR', error instanceof Error ? error.message : String(error));
    if (json)
      process.stderr.write(
        `${JSON.stringify({ error: { code: failure.code, message: failure.message, exit_code: failure.exitCode, ...(failure.status ? { status: failure.status } : {}) } })}\n`,
      );
    else process.stderr.write(`tocsin: ${failure.message}\n`);
    return failure.exitCode;
  }
}

void main(process.argv.slice(2)).then((code) => {
  // Flush before exiting: process.exit() can cut piped stdout short.
  process.exitCode = code;
  if (process.stdout.writableNeedDrain) process.stdout.once('drain', () => process.exit(code));
  else process.exit(code);
});
