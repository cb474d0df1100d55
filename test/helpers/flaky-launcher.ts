import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A launcher named `name` in `dir` that fails its first `failures` starts the way a server does when
 * a port it was given was taken in between (printing `bindError`), then runs `realBinary`. It records
 * each start's arguments, one line per start.
 */
export async function flakyLauncher(options: {
  dir: string;
  name: string;
  realBinary: string;
  failures: number;
  bindError: string;
}): Promise<{ path: string; starts: () => Promise<string[]> }> {
  const path = join(options.dir, options.name);
  const counter = join(options.dir, `${options.name}.starts`);
  await writeFile(counter, '');
  await writeFile(
    path,
    [
      '#!/bin/sh',
      `echo "$*" >> '${counter}'`,
      `if [ "$(wc -l < '${counter}')" -le ${options.failures} ]; then`,
      `  echo '${options.bindError}' >&2`,
      '  exit 1',
      'fi',
      `exec '${options.realBinary}' "$@"`,
    ].join('\n'),
  );
  await chmod(path, 0o755);
  return { path, starts: async () => (await readFile(counter, 'utf8')).split('\n').filter(Boolean) };
}
