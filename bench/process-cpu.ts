// CPU time of the stack's processes, read from /proc (Linux): what one alert or one incident costs
// each of them. On a machine where every process shares the same cores, CPU per unit of work
// moves far less between runs than latency does.
import { readdir, readFile } from 'node:fs/promises';

// USER_HZ: the unit of /proc's CPU times, 100 on every Linux architecture Node runs on.
const TICKS_PER_SECOND = 100;

/** Processes the bench knows by pid (API, worker, itself); the servers are found by executable name. */
export type KnownPids = Record<string, number>;
// `temporal` is the CLI's dev server, `temporal-server` the server itself (BENCH_TEMPORAL=server).
const SERVERS_BY_COMMAND: Record<string, string> = {
  temporal: 'temporal',
  'temporal-server': 'temporal',
  postgres: 'postgres',
  java: 'elasticsearch',
  mailpit: 'mailpit',
};

export interface CpuSnapshot {
  ticksByProcess: Map<string, number>;
  machine: { busy: number; total: number };
}

interface ProcessStat {
  command: string;
  parent: string;
  ticks: number;
}

async function processStat(pid: string): Promise<ProcessStat | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  const commandEnd = stat.lastIndexOf(')');
  // After the command: state, ppid, …; utime and stime are the 14th and 15th fields of the line.
  const fields = stat.slice(commandEnd + 2).split(' ');
  return {
    command: stat.slice(stat.indexOf('(') + 1, commandEnd),
    parent: fields[1] as string,
    ticks: Number(fields[11]) + Number(fields[12]),
  };
}

async function machineTicks(): Promise<{ busy: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] as string;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** CPU ticks so far of the known processes and of the servers this process started (its descendants only). */
export async function cpuSnapshot(known: KnownPids): Promise<CpuSnapshot> {
  const stats = new Map<string, ProcessStat>();
  for (const pid of await readdir('/proc')) {
    const stat = /^\d+$/.test(pid) ? await processStat(pid) : undefined;
    if (stat) stats.set(pid, stat);
  }
  const root = String(process.pid);
  const descends = (pid: string): boolean => {
    for (let at: string | undefined = pid, hops = 0; at && at !== '0' && hops < 64; at = stats.get(at)?.parent, hops++)
      if (at === root) return true;
    return false;
  };
  const nameOfPid = new Map(Object.entries(known).map(([name, pid]) => [String(pid), name]));
  const ticksByProcess = new Map<string, number>();
  for (const [pid, stat] of stats) {
    const name = nameOfPid.get(pid) ?? (descends(pid) ? SERVERS_BY_COMMAND[stat.command] : undefined);
    if (name) ticksByProcess.set(name, (ticksByProcess.get(name) ?? 0) + stat.ticks);
  }
  return { ticksByProcess, machine: await machineTicks() };
}

/** `api 13.0 ms, worker 52.8 ms, …; cores 92 % busy`: CPU per unit of work between two snapshots. */
export function cpuPerUnit(before: CpuSnapshot, after: CpuSnapshot, units: number): string {
  const parts = [...after.ticksByProcess]
    .map(([name, ticks]) => [name, ticks - (before.ticksByProcess.get(name) ?? 0)] as const)
    .filter(([, ticks]) => ticks > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ticks]) => `${name} ${((ticks * 1000) / TICKS_PER_SECOND / units).toFixed(1)} ms`);
  const busy = after.machine.busy - before.machine.busy;
  const total = after.machine.total - before.machine.total;
  const share = total > 0 ? Math.round((100 * busy) / total) : 0;
  return `${parts.join(', ')}; all cores ${share} % busy`;
}
