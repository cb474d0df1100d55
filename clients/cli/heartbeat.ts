import { apiError, unreachable } from './api.ts';
import type { Command } from './args.ts';
import type { CliIo } from './io.ts';
import type { CliConfig } from './config-store.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import { shortTime, table } from './output.ts';
import { userAgent } from './version.ts';

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

/** One API call with the saved API key; `auth: false` for the ping URL, whose secret is the credential. */
async function call<T>(config: CliConfig, method: 'GET' | 'POST', path: string, body?: unknown, auth = true): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path.startsWith('http') ? path : `${config.url}/api/v1${path}`, {
      method,
      headers: {
        ...(auth ? { 'x-api-key': config.api_key } : {}),
        'user-agent': userAgent(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw unreachable(config.url, error);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: reported as the text it is.
  }
  if (response.ok) return parsed as T;
  throw apiError(response.status, parsed);
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
