import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMailpit, startMailpit } from '../../dev/mailpit.ts';
import { toolCacheDir } from '../../shared/load-config.ts';

/**
 * Mailpit, the quickest of the servers started on ports chosen free, stands for all of them
 * (dev/wait-for.ts `startAgainOnEarlyExit`): its first start fails as a port taken in between does.
 */
describe('a server whose chosen port was taken before it bound (integration: the real Mailpit)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tocsin-mailpit-start-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is started again on fresh ports and serves', async () => {
    const real = await resolveMailpit({ explicitPath: process.env.MAILPIT_PATH || undefined, cacheDir: toolCacheDir() });
    const counter = join(dir, 'starts');
    const launcher = join(dir, 'mailpit');
    await writeFile(counter, '');
    await writeFile(
      launcher,
      [
        '#!/bin/sh',
        `echo "$*" >> '${counter}'`,
        `if [ "$(wc -l < '${counter}')" -le 1 ]; then`,
        '  echo "[smtpd] error: listen tcp 127.0.0.1:1025: bind: address already in use" >&2',
        '  exit 1',
        'fi',
        `exec '${real}' "$@"`,
      ].join('\n'),
    );
    await chmod(launcher, 0o755);
    const mailpit = await startMailpit(launcher);
    try {
      const starts = (await readFile(counter, 'utf8')).split('\n').filter(Boolean);
      expect(starts).toHaveLength(2);
      // Each start chose its own ports.
      expect(starts[1]).not.toBe(starts[0]);
      expect(await mailpit.messages()).toEqual([]);
    } finally {
      await mailpit.stop();
    }
  });
});
