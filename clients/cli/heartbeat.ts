import type { components } from '../typescript/schema.d.ts';
import { createApi, unwrap } from './api.ts';
import type { Command } from './args.ts';
import type { CliIo } from './io.ts';
import type { CliConfig } from './config-store.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import { shortTime, table } from './output.ts';

type HeartbeatCommand = Extract<Command, { name: `heartbeat ${string}` }>;

type Heartbeat = components['schemas']['Heartbeat'];

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
  const api = createApi(config);
  const out = (human: () => string, machine: unknown) => io.stdout(json ? JSON.stringify(machine, null, 2) : human());
  switch (command.name) {
    case 'heartbeat list': {
      const page = await unwrap(config.url, api.GET('/api/v1/heartbeats', { params: { query: { limit: command.limit } } }));
      out(() => formatHeartbeatList(page.data), page);
      return EXIT.OK;
    }
    case 'heartbeat create': {
      const { data } = await unwrap(
        config.url,
        api.POST('/api/v1/heartbeats', {
          body: {
            name: command.heartbeatName,
            integration_id: command.integration,
            period_seconds: command.periodSeconds,
            ...(command.graceSeconds !== undefined ? { grace_seconds: command.graceSeconds } : {}),
          },
        }),
      );
      out(() => `heartbeat ${data.id} ${data.name}: ping ${data.ping_url} (shown once; keep it secret)`, data);
      return EXIT.OK;
    }
    case 'heartbeat ping': {
      // A full ping URL (its server and token), or the token alone against the saved server. No API key: the token is the credential.
      const url = /^https?:\/\//.test(command.target) ? new URL(command.target) : undefined;
      const server = url?.origin ?? config.url;
      const token = url ? (url.searchParams.get('token') ?? '') : command.target;
      const { data } = await unwrap(
        server,
        createApi({ ...config, url: server, api_key: '' }).POST('/api/v1/heartbeats/ping', { params: { query: { token } } }),
      );
      out(() => (data.pinged ? 'pinged' : 'not pinged'), data);
      return EXIT.OK;
    }
  }
}
