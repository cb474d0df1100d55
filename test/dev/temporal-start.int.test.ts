import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveTemporalCli, startTemporalDevServer } from '../../dev/temporal.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { flakyLauncher } from '../helpers/flaky-launcher.ts';

/** A `temporal` that fails its first `failures` starts as a dev server whose port was taken, then runs the real CLI. */
const flakyCli = async (dir: string, realCli: string, failures: number) => {
  const launcher = await flakyLauncher({
    dir,
    name: 'temporal',
    realBinary: realCli,
    failures,
    bindError: 'Error: unable to start server: listen tcp 127.0.0.1:7243: bind: address already in use',
  });
  return { path: launcher.path, starts: async () => (await launcher.starts()).length };
};

describe('starting the Temporal dev server (integration: the real CLI)', () => {
  let dir: string;
  let realCli: string;
  beforeAll(async () => {
    realCli = await resolveTemporalCli({ explicitPath: process.env.TEMPORAL_CLI_PATH, cacheDir: toolCacheDir() });
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tocsin-temporal-start-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts again on fresh ports when the server exits before it serves, keeping the frontend port asked for', async () => {
    const cli = await flakyCli(dir, realCli, 1);
    const log: string[] = [];
    const port = await freePort();
    const temporal = await startTemporalDevServer({
      cliPath: cli.path,
      dataDir: join(dir, 'data'),
      namespace: 'default',
      port,
      uiPort: null,
      log: (line) => log.push(line),
    });
    try {
      expect(temporal.address).toBe(`127.0.0.1:${port}`);
      expect(await cli.starts()).toBe(2);
      expect(log.join('\n')).toMatch(/exited before it was ready; starting it again on fresh ports/);
    } finally {
      await temporal.stop();
    }
  }, 90_000);

  it('gives up after three starts, with what the server said', async () => {
    const cli = await flakyCli(dir, realCli, 10);
    const starting = startTemporalDevServer({ cliPath: cli.path, dataDir: join(dir, 'data'), namespace: 'default', uiPort: null });
    await expect(starting).rejects.toThrow(/exited before it was ready\n.*exit code 1.*\n.*bind: address already in use/);
    expect(await cli.starts()).toBe(3);
  }, 90_000);
});
