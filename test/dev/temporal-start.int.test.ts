import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, WorkflowClient } from '@temporalio/client';
import { temporal as proto } from '@temporalio/proto';
import { resolveTemporalCli, startTemporalDevServer } from '../../dev/temporal.ts';
import { waitFor } from '../../dev/wait-for.ts';
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

  it('keeps every task of a queue in one partition, where any poller finds the first task of a new workflow', async () => {
    const temporal = await startTemporalDevServer({ cliPath: realCli, dataDir: join(dir, 'data'), namespace: 'default', uiPort: null });
    const connection = await Connection.connect({ address: temporal.address });
    try {
      const taskQueue = 'one-partition';
      const client = new WorkflowClient({ connection, namespace: 'default' });
      // No worker polls: each start's first task stays in the partition it was written to.
      const starts = 16;
      for (let index = 0; index < starts; index += 1) {
        await client.start('unpolled', { taskQueue, workflowId: `unpolled-${index}` });
      }
      const backlogOf = async (partition: string) => {
        const answer = await connection.workflowService.describeTaskQueue({
          namespace: 'default',
          taskQueue: { name: partition, kind: proto.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
          taskQueueType: proto.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
          includeTaskQueueStatus: true,
        });
        return Number(answer.taskQueueStatus?.backlogCountHint ?? 0);
      };
      // The server's default of four partitions would leave about three quarters in /_sys/<queue>/1..3.
      await waitFor('every first task in the root partition', async () => ((await backlogOf(taskQueue)) === starts ? true : undefined), {
        timeoutMs: 20_000,
      });
      for (const child of [1, 2, 3]) expect(await backlogOf(`/_sys/${taskQueue}/${child}`)).toBe(0);
    } finally {
      await connection.close();
      await temporal.stop();
    }
  }, 90_000);
});
