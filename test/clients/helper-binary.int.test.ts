import { execFile, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { waitFor } from '../../dev/wait-for.ts';
import { hostPlatform, type HelperPlatform } from '../../shared/helper/platforms.ts';
import { startCliStack, type CliStack } from '../helpers/cli.ts';
import { bearer } from '../helpers/members.ts';

const run = promisify(execFile);
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const distDir = process.env.HELPER_DIST_DIR || join(repoRoot, '.helper-dist');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The helper CLI as users get it: the single-file executable for this machine, downloaded through
 * GET /helper/download, run as a separate process against the real API, worker, PostgreSQL and
 * Temporal. Built here when missing or outdated.
 */
describe('tocsin executable, downloaded from the API', () => {
  const platform = hostPlatform() as HelperPlatform;
  let cli: CliStack;
  let server: CliStack['server'];
  let work: string;
  let binary: string;
  let apiKey: string;
  let integration: { id: string; webhook_secret: string };
  const procedureName = `Restart web ${randomUUID().slice(0, 8)}`;
  const alertSummary = `web-1 is down ${randomUUID().slice(0, 8)}`;

  const tocsin = async (...args: string[]): Promise<CliResult> => {
    try {
      const { stdout, stderr } = await run(binary, args, {
        env: { PATH: process.env.PATH, HOME: work, TOCSIN_CONFIG_DIR: join(work, 'config') },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      if (typeof failed.code !== 'number') throw error;
      return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  };
  const ok = async (...args: string[]) => {
    const result = await tocsin(...args);
    if (result.code !== 0) throw new Error(`tocsin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as Record<string, unknown>;
  };

  beforeAll(async () => {
    if (!platform) throw new Error(`${process.platform}-${process.arch} has no helper build to test`);
    // Rebuilt only when missing or made from other sources than these (a check of about 2 s).
    await run(process.execPath, [join(repoRoot, 'clients', 'cli', 'build', 'build.cli.ts'), '--platform', 'host', '--if-outdated'], {
      env: { ...process.env, HELPER_DIST_DIR: distDir },
      maxBuffer: 64 * 1024 * 1024,
    });
    work = await mkdtemp(join(tmpdir(), 'tocsin-cli-'));
    cli = await startCliStack('cli', { worker: true, env: { HELPER_DIST_DIR: distDir } });
    ({ server, apiKey } = cli);
    const { http } = cli.stack;
    const auth = bearer(cli.owner.token);
    integration = (await http.post('/api/v1/integrations').set(auth).send({ name: 'prometheus', platform: 'metrics_alerts' }).expect(201))
      .body.data;
    await http
      .post('/api/v1/procedures')
      .set(auth)
      .send({
        name: procedureName,
        steps: [
          { name: 'Check the dashboards', type: 'manual', config: { instructions: 'Look at the error rate' } },
          { name: 'Restart the service', type: 'manual' },
        ],
      })
      .expect(201);
  });
  afterAll(async () => {
    await cli?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('downloads with the checksum it announces, and lists the build in /helper/versions', async () => {
    const response = await fetch(`${server.url}/api/v1/helper/download?os=${platform.os}&arch=${platform.arch}`, {
      headers: { 'X-API-Key': apiKey },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${platform.os === 'windows' ? 'tocsin.exe' : 'tocsin'}"`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    const checksum = response.headers.get('x-checksum-sha256');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(checksum);
    binary = join(work, 'tocsin');
    await writeFile(binary, bytes);
    await chmod(binary, 0o755);

    const versions = (await fetch(`${server.url}/api/v1/helper/versions`, { headers: { 'X-API-Key': apiKey } }).then((r) => r.json())) as {
      data: Array<{ platform: string; sha256: string }>;
    };
    expect(versions.data.find((build) => build.platform === `${platform.os}-${platform.arch}`)?.sha256).toBe(checksum);
  });

  it('reads the platform from the User-Agent, refuses unsupported ones with the list, and needs a credential', async () => {
    const byAgent = await fetch(`${server.url}/api/v1/helper/download`, {
      headers: { 'X-API-Key': apiKey, 'User-Agent': `tocsin-cli/0.1.0 (${platform.os}; ${platform.arch})` },
    });
    expect(byAgent.status).toBe(200);
    await byAgent.body?.cancel();
    const unsupported = await fetch(`${server.url}/api/v1/helper/download?os=windows&arch=arm64`, { headers: { 'X-API-Key': apiKey } });
    expect(unsupported.status).toBe(422);
    expect(((await unsupported.json()) as { supported: unknown[] }).supported).toHaveLength(5);
    expect((await fetch(`${server.url}/api/v1/helper/download?os=linux&arch=x64`)).status).toBe(401);
  });

  it('logs in, sends a signed alert, sees the incident, and runs a runbook with manual steps to completion', async () => {
    const login = await ok('login', '--url', server.url, '--api-key', apiKey, '--json');
    expect(login.url).toBe(server.url);
    expect((await stat(join(work, 'config', 'config.json'))).mode & 0o777).toBe(0o600);

    const payload = join(work, 'alert.json');
    await writeFile(
      payload,
      JSON.stringify({
        version: '4',
        status: 'firing',
        alerts: [
          {
            status: 'firing',
            labels: { alertname: 'InstanceDown', instance: `web-1-${randomUUID()}`, job: 'node', severity: 'critical' },
            annotations: { summary: alertSummary },
          },
        ],
      }),
    );
    const sendWith = (secret: string) => [
      'alert',
      'send',
      '--integration',
      integration.id,
      '--platform',
      'metrics_alerts',
      '--file',
      payload,
      '--secret',
      secret,
      '--json',
    ];
    const forged = await tocsin(...sendWith('not-the-secret'));
    expect({ code: forged.code, error: JSON.parse(forged.stderr).error.code }).toEqual({ code: 6, error: 'WEBHOOK_VALIDATION_FAILED' });
    const sent = await ok(...sendWith(integration.webhook_secret));
    expect((sent.data as { processing_status: string }).processing_status).toBe('queued');

    const incident = await waitFor(
      'the incident from the alert',
      async () => {
        const page = await ok('incidents', 'list', '--json');
        return (page.data as Array<{ id: string; title: string; severity: string }>).find((found) => found.title === alertSummary);
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(incident.severity).toBe('critical');
    const shown = await ok('incidents', 'show', incident.id, '--json');
    expect(shown.title).toBe(alertSummary);

    const execution = await ok('runbook', 'run', procedureName, '--incident', incident.id, '--yes', '--json');
    expect({
      status: execution.status,
      incident: execution.incident_id,
      steps: (execution.steps as Array<{ name: string; status: string }>).map((step) => [step.name, step.status]),
    }).toEqual({
      status: 'completed',
      incident: incident.id,
      steps: [
        ['Check the dashboards', 'succeeded'],
        ['Restart the service', 'succeeded'],
      ],
    });

    const acked = await ok('incidents', 'ack', incident.id, '--json');
    expect(acked.status).toBe('investigating');
    const missing = await tocsin('incidents', 'show', randomUUID(), '--json');
    expect(missing.code).toBe(5);
  });

  it('watches incidents live over the WebSocket until Ctrl-C, one JSON event per line', async () => {
    const watcher = spawn(binary, ['incidents', 'watch', '--json'], {
      env: { PATH: process.env.PATH, HOME: work, TOCSIN_CONFIG_DIR: join(work, 'config') },
    });
    let stdout = '';
    let stderr = '';
    watcher.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    watcher.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => watcher.once('exit', resolve));
    try {
      await waitFor('the watcher to connect', async () => (stderr.includes('watching') ? true : undefined), { timeoutMs: 30_000 });
      const title = `Watched ${randomUUID().slice(0, 8)}`;
      const created = (await fetch(`${server.url}/api/v1/incidents`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title, severity: 'low' }),
      }).then((response) => response.json())) as { data: { id: string } };
      const event = await waitFor(
        'the incident.created event',
        async () =>
          stdout
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as { type: string; data: { incident: { id: string; title: string } } })
            .find((candidate) => candidate.type === 'incident.created' && candidate.data.incident.id === created.data.id),
        { timeoutMs: 30_000 },
      );
      expect(event.data.incident.title).toBe(title);
    } finally {
      watcher.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });
});
