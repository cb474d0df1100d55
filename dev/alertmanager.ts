// Prometheus Alertmanager, the real sender the Alertmanager and Events API v2 tests post through.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../shared/net/free-port.ts';
import { goBuild } from './go-install.ts';
import { startManagedProcess } from './managed-process.ts';
import { downloadFile, resolveTool, run, type ResolveToolOptions, type ToolDeclaration, type ToolSource } from './tool-cache.ts';
import { startAgainOnEarlyExit, waitFor } from './wait-for.ts';

/** Later tags embed a web UI that is not in the Go module, so `go install` of them fails. */
export const ALERTMANAGER_VERSION = '0.31.1';

const RELEASES = `https://github.com/prometheus/alertmanager/releases/download/v${ALERTMANAGER_VERSION}`;
const GO_ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

/** The release archive, checked against the `sha256sums.txt` the release publishes beside it. */
const releaseDownload: ToolSource = {
  describe: `the v${ALERTMANAGER_VERSION} release archive from GitHub`,
  async fetch({ stage, work, log }) {
    const goArch = GO_ARCH[arch()];
    if (!goArch || !['linux', 'darwin'].includes(platform())) throw new Error(`no release archive for ${platform()}/${arch()}`);
    const folder = `alertmanager-${ALERTMANAGER_VERSION}.${platform()}-${goArch}`;
    const sums = join(work, 'sha256sums.txt');
    const sumsResponse = await fetch(`${RELEASES}/sha256sums.txt`);
    if (!sumsResponse.ok) throw new Error(`GET ${RELEASES}/sha256sums.txt answered ${sumsResponse.status}`);
    await writeFile(sums, await sumsResponse.text());
    const line = (await readFile(sums, 'utf8')).split('\n').find((entry) => entry.trim().endsWith(` ${folder}.tar.gz`));
    const hex = line?.trim().split(/\s+/)[0];
    if (!hex) throw new Error(`sha256sums.txt names no ${folder}.tar.gz`);
    const archive = join(work, `${folder}.tar.gz`);
    await downloadFile(`${RELEASES}/${folder}.tar.gz`, archive, { algorithm: 'sha256', hex }, log);
    await run('tar', ['-xzf', archive, '-C', work, `${folder}/alertmanager`]);
    await mkdir(stage, { recursive: true });
    await rename(join(work, folder, 'alertmanager'), join(stage, 'alertmanager'));
  },
};

/** The release binary, else a build with `go install` (the Go module proxy as the one download). */
export const ALERTMANAGER_TOOL: ToolDeclaration = {
  name: 'alertmanager',
  version: ALERTMANAGER_VERSION,
  entry: 'alertmanager',
  executable: true,
  sources: [releaseDownload, goBuild({ goPackage: `github.com/prometheus/alertmanager/cmd/alertmanager@v${ALERTMANAGER_VERSION}` })],
};

/** ALERTMANAGER_PATH, else the tool cache, else installed into it. */
export const resolveAlertmanager = (options: ResolveToolOptions): Promise<string> =>
  resolveTool(ALERTMANAGER_TOOL, 'ALERTMANAGER_PATH', options);

export interface RunningAlertmanager {
  /** Its API, e.g. `http://127.0.0.1:41234` (`/api/v2/alerts`). */
  url: string;
  /** Posts alerts to `/api/v2/alerts` as a Prometheus server would. */
  postAlerts(
    alerts: Array<{ labels: Record<string, string>; annotations?: Record<string, string>; startsAt?: string; endsAt?: string }>,
  ): Promise<void>;
  stop(): Promise<void>;
}

/** Starts Alertmanager on a free loopback port with `configYaml`, storage in `dataDir`, no clustering. */
export function startAlertmanager(binary: string, configYaml: string, dataDir: string): Promise<RunningAlertmanager> {
  return startAgainOnEarlyExit('alertmanager', () => startAlertmanagerOnce(binary, configYaml, dataDir));
}

async function startAlertmanagerOnce(binary: string, configYaml: string, dataDir: string): Promise<RunningAlertmanager> {
  await mkdir(dataDir, { recursive: true });
  const configFile = join(dataDir, 'alertmanager.yml');
  await writeFile(configFile, configYaml);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startManagedProcess(
    'alertmanager',
    binary,
    [
      `--config.file=${configFile}`,
      `--storage.path=${join(dataDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      // A lone instance: no gossip port to collide with other runs.
      '--cluster.listen-address=',
      '--log.level=warn',
    ],
    { onOutput: () => undefined },
  );
  try {
    await waitFor(
      'alertmanager',
      () => fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(2000) }).then((response) => (response.ok ? true : undefined)),
      {
        timeoutMs: 30_000,
        intervalMs: 100,
        isAlive: () => server.isAlive(),
        exitReport: () => server.exitReport(),
      },
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url,
    async postAlerts(alerts) {
      const response = await fetch(`${url}/api/v2/alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(alerts),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`alertmanager POST /api/v2/alerts: HTTP ${response.status} ${await response.text()}`);
    },
    stop: () => server.stop(),
  };
}
