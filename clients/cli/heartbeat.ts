import type { Command } from './args.ts';
import type { CliIo } from './io.ts';
import type { CliConfig } from './config-store.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import { shortTime, table } from './output.ts';
import { call } from './rest-call.ts';

type HeartbeatCommand = Extract<Command, { name: `heartbeat ${string}` }>;

interface Heartbeat {
  id: string;
  name: string;
  status: 'up' | 'down';
  period_seconds: number;
  grace_seconds: number;
  last_ping_at: string | null;
  next_deadline_at: string;
  token?: string;
  ping_url?: string;
}

const seconds = (n: number) =>
  n % 86_400 === 0 ? `${n / 86_400}d` : n % 3600 === 0 ? `${n / 3600}h` : n % 60 === 0 ? `${n / 60}m` : `${n}s`;

export function formatHeartbeatList(heartbeats: Heartbeat[]): string {
  if (heartbeats.length === 0) return 'No heartbeat.';
  return table(
    ['ID', 'NAME', 'STATUS', 'PERIOD', 'GRACE', 'LAST PING', 'DEADLINE'],
    heartbeats.map((h) => [
      h.id,
      h.name,
      h.status,
      seconds(h.period_seconds),
      seconds(h.grace_seconds),
      shortTime(h.last_ping_at),
      shortTime(h.next_deadline_at),
    ]),
  );
}

export async function runHeartbeatCommand(command: HeartbeatCommand, json: boolean, io: CliIo, config: CliConfig): Promise<ExitCode> {
  const out = (human: () => string, machine: unknown) => io.stdout(json ? JSON.stringify(machine, null, 2) : human());
  switch (command.name) {
    case 'heartbeat list': {
      const page = await call<{ data: Heartbeat[] }>(config, 'GET', `/heartbeats?limit=${command.limit}`);
      out(() => formatHeartbeatList(page.data), page);
      return EXIT.OK;
    }
    case 'heartbeat create': {
      const { data } = await call<{ data: Heartbeat }>(config, 'POST', '/heartbeats', {
        name: command.heartbeatName,
        integration_id: command.integration,
        period_seconds: command.periodSeconds,
        ...(command.graceSeconds !== undefined ? { grace_seconds: command.graceSeconds } : {}),
      });
      out(() => `heartbeat ${data.id} ${data.name}: ping ${data.ping_url} (shown once; keep it secret)`, data);
      return EXIT.OK;
    }
    case 'heartbeat ping': {
      // A full ping URL, or the token alone against the saved server.
      const url = /^https?:\/\//.test(command.target)
        ? command.target
        : `${config.url}/api/v1/heartbeats/ping?token=${encodeURIComponent(command.target)}`;
      const { data } = await call<{ data: { pinged: boolean } }>(config, 'POST', url, undefined, false);
      out(() => (data.pinged ? 'pinged' : 'not pinged'), data);
      return EXIT.OK;
    }
  }
}
