// `npm run bench:temporal-starts`: what the Temporal dev server spends (its process's CPU, from
// /proc) per escalation waiting for its next level, kept the ways Tocsin could keep it: a workflow
// started with a start delay per incident (as the relay starts one after level 1 today), bare or
// with the search attributes and memo the relay gives it; or entries signalled to one running
// workflow per bucket, one signal per incident or one per relay batch of BENCH_STARTS_BATCH.
// No worker polls the task queue: this is the server's share alone. Runs alternate, twice.
import './exit-on-signal.ts';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { resolveTemporalCli, startTemporalDevServer } from '../dev/temporal.ts';
import { toolCacheDir } from '../shared/load-config.ts';
import { workflowSearchAttributes } from '../shared/temporal/ids.ts';

const STARTS = Number(process.env.BENCH_STARTS ?? 2000);
const BATCH = Number(process.env.BENCH_STARTS_BATCH ?? 50);
const CONCURRENCY = 16;
// USER_HZ: /proc's unit of CPU time.
const TICK_MS = 10;

const dataDir = await mkdtemp(join(tmpdir(), 'tocsin-temporal-starts-'));
const cliPath = await resolveTemporalCli({ explicitPath: process.env.TEMPORAL_CLI_PATH || undefined, cacheDir: toolCacheDir() });
const server = await startTemporalDevServer({ cliPath, dataDir, namespace: 'default', uiPort: null });
const connection = await Connection.connect({ address: server.address });
const client = new Client({ connection, namespace: 'default' });
const serverTicks = async () => {
  const fields = (await readFile(`/proc/${server.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

const organizationId = randomUUID();
const taskQueue = `nobody-polls-${randomUUID()}`;
const waiting = () => ({ organizationId, incidentId: randomUUID(), cycle: 1 });
const inTenMinutes = () => ({ level: 2, round: 1, wakeAt: Date.now() + 600_000 });

/** `calls` calls of `call`, CONCURRENCY at a time. */
async function spread(calls: number, call: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < calls) await call(next++);
    }),
  );
}

const ways: Array<{ name: string; run: (label: string) => Promise<void> }> = [
  {
    name: 'delayed start, bare',
    run: (label) =>
      spread(STARTS, (index) =>
        client.workflow.start('escalationWorkflow', {
          taskQueue,
          workflowId: `${label}-${index}`,
          args: [waiting()],
          startDelay: '10 minutes',
        }),
      ),
  },
  {
    name: "delayed start, the relay's search attributes and memo",
    run: (label) =>
      spread(STARTS, (index) => {
        const input = waiting();
        return client.workflow.start('escalationWorkflow', {
          taskQueue,
          workflowId: `${label}-${index}`,
          args: [input],
          startDelay: '10 minutes',
          typedSearchAttributes: workflowSearchAttributes(input),
          memo: { waiting: inTenMinutes() },
        });
      }),
  },
  {
    name: 'a signal per incident to a running bucket',
    run: async (label) => {
      const bucket = await client.workflow.start('escalationWaitsWorkflow', { taskQueue, workflowId: label, args: [{ organizationId }] });
      await spread(STARTS, () => bucket.signal('escalationWaits', { entries: [{ ...waiting(), ...inTenMinutes() }] }));
    },
  },
  {
    name: `a signal per ${BATCH} incidents to a running bucket`,
    run: async (label) => {
      const bucket = await client.workflow.start('escalationWaitsWorkflow', { taskQueue, workflowId: label, args: [{ organizationId }] });
      await spread(Math.ceil(STARTS / BATCH), () =>
        bucket.signal('escalationWaits', { entries: Array.from({ length: BATCH }, () => ({ ...waiting(), ...inTenMinutes() })) }),
      );
    },
  },
];

const results = new Map<string, number[]>();
try {
  for (let round = 0; round < 2; round++)
    for (const [index, way] of ways.entries()) {
      const before = await serverTicks();
      await way.run(`way${index}-round${round}`);
      // The server's writes after the last answer (visibility, timers) count too.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      results.set(way.name, [...(results.get(way.name) ?? []), (((await serverTicks()) - before) * TICK_MS) / STARTS]);
    }
  console.log(`\nTemporal dev server CPU per waiting escalation (${STARTS} each, ${CONCURRENCY} calls at once, two runs alternating)`);
  console.log('| kept as | ms per escalation |\n|---|---|');
  for (const [name, perStart] of results) console.log(`| ${name} | ${perStart.map((ms) => ms.toFixed(2)).join(' / ')} |`);
} finally {
  await connection.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
