import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMailpit, startMailpit } from '../../dev/mailpit.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { flakyLauncher } from '../helpers/flaky-launcher.ts';

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
    const launcher = await flakyLauncher({
      dir,
      name: 'mailpit',
      realBinary: real,
      failures: 1,
      bindError: '[smtpd] error: listen tcp 127.0.0.1:1025: bind: address already in use',
    });
    const mailpit = await startMailpit(launcher.path);
    try {
      const starts = await launcher.starts();
      expect(starts).toHaveLength(2);
      // Each start chose its own ports.
      expect(starts[1]).not.toBe(starts[0]);
      expect(await mailpit.messages()).toEqual([]);
    } finally {
      await mailpit.stop();
    }
  });
});
