import { spawn } from 'node:child_process';

export interface SideBySideResult {
  name: string;
  /** The exit code; 1 for a process ended by a signal or that could not start. */
  code: number;
  /** Its stdout and stderr, interleaved as written. */
  output: string;
  seconds: number;
}

/**
 * Runs every command at once and calls `onDone` with each one's whole output as it ends, so
 * outputs never interleave; resolves with every result once all have ended.
 */
export function runSideBySide(
  commands: ReadonlyArray<{ name: string; argv: readonly [string, ...string[]] }>,
  onDone: (result: SideBySideResult) => void = () => {},
): Promise<SideBySideResult[]> {
  return Promise.all(
    commands.map(
      ({ name, argv: [command, ...args] }) =>
        new Promise<SideBySideResult>((resolve) => {
          const started = Date.now();
          const chunks: Buffer[] = [];
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
          let settled = false;
          const settle = (code: number, extra = '') => {
            if (settled) return;
            settled = true;
            const result = { name, code, output: Buffer.concat(chunks).toString() + extra, seconds: (Date.now() - started) / 1000 };
            onDone(result);
            resolve(result);
          };
          child.on('error', (error) => settle(1, `${error.message}\n`));
          child.on('close', (code) => settle(code ?? 1));
        }),
    ),
  );
}
