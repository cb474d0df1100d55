import { parseCommandLine } from '../../clients/cli/args.ts';
import { runCommand } from '../../clients/cli/commands.ts';
import { EXIT } from '../../clients/cli/exit-codes.ts';
import { cliIo, startCliStack, type CliStack } from '../helpers/cli.ts';
import { createIntegration } from '../helpers/webhooks.ts';

// `tocsin heartbeat`: the CLI in-process, from source, against the real API, PostgreSQL and Temporal.
describe('tocsin heartbeat create, list and ping (integration: real PostgreSQL and Temporal)', () => {
  let cli: CliStack;
  beforeAll(async () => {
    cli = await startCliStack('heartbeat-cli');
  });
  afterAll(async () => {
    await cli?.stop();
  });

  const tocsin = async (argv: string[]) => {
    const { io, stdout } = cliIo(cli.server, cli.apiKey);
    let message = '';
    const failed = (error: { exitCode?: number; message?: string }) => {
      message = error.message ?? '';
      return error.exitCode ?? -1;
    };
    let code: number;
    try {
      const { command, json } = parseCommandLine(argv);
      code = await runCommand(command, json, io).catch(failed);
    } catch (error) {
      code = failed(error as { exitCode?: number });
    }
    return { code, out: stdout.join('\n'), message };
  };

  it('creates one (its ping URL printed once), pings it by URL and lists it pinged', async () => {
    const integration = await createIntegration(cli.stack.http, cli.owner.token, 'metrics_alerts');
    const created = await tocsin(['heartbeat', 'create', 'nightly backup', '--integration', integration.id, '--period', '1d', '--json']);
    expect(created.code).toBe(EXIT.OK);
    const heartbeat = JSON.parse(created.out) as { id: string; ping_url: string; period_seconds: number; grace_seconds: number };
    expect(heartbeat).toMatchObject({ period_seconds: 86_400, grace_seconds: 60 });

    const before = await tocsin(['heartbeat', 'list']);
    expect(before.out).toMatch(new RegExp(`${heartbeat.id}\\s+nightly backup\\s+up\\s+1d\\s+1m\\s+-`));

    // The URL as printed, on the address this test's server listens on (PUBLIC_URL names another).
    const printed = new URL(heartbeat.ping_url);
    const pinged = await tocsin(['heartbeat', 'ping', `${cli.server.url}${printed.pathname}${printed.search}`]);
    expect(pinged).toMatchObject({ code: EXIT.OK, out: 'pinged' });
    const after = JSON.parse((await tocsin(['heartbeat', 'list', '--json'])).out) as {
      data: Array<{ id: string; last_ping_at: string | null }>;
    };
    expect(after.data.find((h) => h.id === heartbeat.id)?.last_ping_at).not.toBeNull();

    const unknown = await tocsin(['heartbeat', 'ping', `${cli.server.url}/api/v1/heartbeats/ping?token=nope`]);
    expect(unknown.code).toBe(EXIT.NOT_FOUND);
  });

  it('refuses a period below 5 s as a usage error', async () => {
    const refused = await tocsin(['heartbeat', 'create', 'x', '--integration', '00000000-0000-4000-8000-000000000000', '--period', '2s']);
    expect(refused).toMatchObject({ code: EXIT.USAGE, message: expect.stringContaining('--period takes a duration') });
  });
});
