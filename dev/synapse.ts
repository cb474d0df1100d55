import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../shared/net/free-port.ts';
import { startManagedProcess } from './managed-process.ts';
import { SYNAPSE_TOOL } from './synapse-tool.ts';
import { installTool, type InstallContext } from './tool-cache.ts';
import { startAgainOnEarlyExit, waitFor } from './wait-for.ts';

/** The Synapse launcher in the tool cache, installed there first unless it is. */
export const resolveSynapse = (context: InstallContext): Promise<string> => installTool(SYNAPSE_TOOL, context);

export interface MatrixTestAccount {
  userId: string;
  accessToken: string;
}

export interface RunningSynapse {
  /** The client-server API's base, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The homeserver's name: user ids are `@name:<serverName>`. */
  serverName: string;
  /** A new account through the shared-secret registration admin API (registration is closed otherwise). */
  register(username: string, options?: { admin?: boolean }): Promise<MatrixTestAccount>;
  stop(): Promise<void>;
}

/** A signing key file line: `ed25519 <version> <unpadded base64 seed>`, made here instead of by a second Python start. */
function signingKey(): string {
  const der = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' });
  const seed = der
    .subarray(der.length - 32)
    .toString('base64')
    .replaceAll('=', '');
  return `ed25519 a_tocsin ${seed}\n`;
}

/** Generous limits: a test registers, joins and sends in bursts no real client would. */
const RELAXED = { per_second: 1000, burst_count: 1000 };

function homeserverYaml(dir: string, port: number, serverName: string, sharedSecret: string): string {
  const config = {
    server_name: serverName,
    pid_file: join(dir, 'homeserver.pid'),
    public_baseurl: `http://127.0.0.1:${port}/`,
    // The client API only, on loopback: no federation listener, and no server is ever contacted.
    listeners: [
      {
        port,
        bind_addresses: ['127.0.0.1'],
        type: 'http',
        tls: false,
        x_forwarded: false,
        resources: [{ names: ['client'], compress: false }],
      },
    ],
    federation_domain_whitelist: [],
    trusted_key_servers: [],
    suppress_key_server_warning: true,
    database: { name: 'sqlite3', args: { database: join(dir, 'homeserver.db') } },
    log_config: join(dir, 'log.yaml'),
    media_store_path: join(dir, 'media'),
    signing_key_path: join(dir, 'signing.key'),
    report_stats: false,
    enable_metrics: false,
    presence: { enabled: false },
    url_preview_enabled: false,
    enable_registration: false,
    registration_shared_secret: sharedSecret,
    macaroon_secret_key: randomBytes(24).toString('hex'),
    form_secret: randomBytes(24).toString('hex'),
    rc_message: RELAXED,
    rc_registration: RELAXED,
    rc_login: { address: RELAXED, account: RELAXED, failed_attempts: RELAXED },
    rc_joins: { local: RELAXED, remote: RELAXED },
    rc_joins_per_room: RELAXED,
    rc_invites: { per_room: RELAXED, per_user: RELAXED, per_issuer: RELAXED },
    rc_admin_redaction: RELAXED,
    rc_3pid_validation: RELAXED,
  };
  // JSON is YAML: no YAML writer needed.
  return JSON.stringify(config, null, 2);
}

const LOG_CONFIG = JSON.stringify({
  version: 1,
  formatters: { plain: { format: '%(levelname)s %(name)s %(message)s' } },
  handlers: { console: { class: 'logging.StreamHandler', formatter: 'plain' } },
  root: { level: 'WARNING', handlers: ['console'] },
  disable_existing_loggers: false,
});

/**
 * Starts Synapse on a free loopback port with a fresh SQLite database in a temporary folder, and
 * waits until its client API answers. `launcher` is the tool cache's `bin/synapse`.
 */
export function startSynapse(launcher: string, options: { serverName?: string } = {}): Promise<RunningSynapse> {
  return startAgainOnEarlyExit('synapse', () => startSynapseOnce(launcher, options));
}

async function startSynapseOnce(launcher: string, options: { serverName?: string }): Promise<RunningSynapse> {
  const serverName = options.serverName ?? 'tocsin.test';
  const dir = await mkdtemp(join(tmpdir(), 'tocsin-synapse-'));
  const port = await freePort();
  const sharedSecret = randomBytes(24).toString('hex');
  await mkdir(join(dir, 'media'));
  await writeFile(join(dir, 'signing.key'), signingKey(), { mode: 0o600 });
  await writeFile(join(dir, 'log.yaml'), LOG_CONFIG);
  await writeFile(join(dir, 'homeserver.yaml'), homeserverYaml(dir, port, serverName, sharedSecret));
  const server = startManagedProcess('synapse', launcher, ['--config-path', join(dir, 'homeserver.yaml')], {
    cwd: dir,
    onOutput: () => undefined,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      'synapse',
      async () => ((await fetch(`${url}/_matrix/client/versions`, { signal: AbortSignal.timeout(2000) })).ok ? true : undefined),
      { timeoutMs: 60_000, intervalMs: 100, isAlive: () => server.isAlive(), exitReport: () => server.exitReport() },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    serverName,
    async register(username, { admin = false } = {}) {
      // https://element-hq.github.io/synapse/latest/admin_api/register_api.html
      const endpoint = `${url}/_synapse/admin/v1/register`;
      const { nonce } = (await (await fetch(endpoint)).json()) as { nonce: string };
      const password = randomBytes(12).toString('hex');
      const mac = createHmac('sha1', sharedSecret)
        .update([nonce, username, password, admin ? 'admin' : 'notadmin'].join('\0'))
        .digest('hex');
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nonce, username, password, admin, mac }),
      });
      const body = (await response.json()) as { user_id?: string; access_token?: string; error?: string };
      if (!response.ok || !body.user_id || !body.access_token)
        throw new Error(`synapse: registering ${username} answered ${response.status} ${body.error ?? ''}`);
      return { userId: body.user_id, accessToken: body.access_token };
    },
    stop,
  };
}
