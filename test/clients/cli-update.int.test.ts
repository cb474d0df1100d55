import { parseCommandLine } from '../../clients/cli/args.ts';
import { runCommand } from '../../clients/cli/commands.ts';
import { EXIT } from '../../clients/cli/exit-codes.ts';
import { bearer } from '../helpers/members.ts';
import { cliIo, startCliStack, type CliStack } from '../helpers/cli.ts';

// `tocsin update`: the CLI in-process, from source, against the real API and PostgreSQL.
describe('tocsin update post and list (integration: real PostgreSQL and Temporal)', () => {
  let cli: CliStack;
  beforeAll(async () => {
    cli = await startCliStack('update-cli');
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

  it('posts an internal then a public update, lists both newest first, and the API holds them', async () => {
    const incident = (
      await cli.stack.http
        .post('/api/v1/incidents')
        .set(bearer(cli.owner.token))
        .send({ title: 'Queue backlog', severity: 'high' })
        .expect(201)
    ).body.data as { id: string };
    const internal = await tocsin(['update', 'post', incident.id, '--kind', 'investigating', '--message', 'Looking at the consumers']);
    expect(internal).toMatchObject({
      code: EXIT.OK,
      out: expect.stringMatching(/^posted internal update [0-9a-f-]{36} \(investigating\)$/),
    });
    const published = await tocsin([
      'update',
      'post',
      incident.id,
      '--kind',
      'identified',
      '--message',
      'A consumer deploy stalled; rolling back.',
      '--public',
      '--title',
      'Delayed notifications',
      '--json',
    ]);
    expect(published.code).toBe(EXIT.OK);
    expect(JSON.parse(published.out)).toMatchObject({ kind: 'identified', visibility: 'public', title: 'Delayed notifications' });

    const listed = await tocsin(['update', 'list', incident.id]);
    expect(listed.out).toMatch(
      /identified\s+public\s+A consumer deploy stalled; rolling back\.\n.*investigating\s+internal\s+Looking at the consumers/,
    );
    const api = await cli.stack.http.get(`/api/v1/incidents/${incident.id}/status-updates`).set(bearer(cli.owner.token)).expect(200);
    expect(api.body.data.map((update: { kind: string }) => update.kind)).toEqual(['identified', 'investigating']);
  });

  it('refuses an unknown kind and --title without --public as usage errors, an unknown incident as not found', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(await tocsin(['update', 'post', id, '--kind', 'fixed', '--message', 'x'])).toMatchObject({ code: EXIT.USAGE });
    expect(await tocsin(['update', 'post', id, '--kind', 'resolved', '--message', 'x', '--title', 'y'])).toMatchObject({
      code: EXIT.USAGE,
      message: expect.stringContaining('--public'),
    });
    expect((await tocsin(['update', 'post', id, '--kind', 'resolved', '--message', 'x'])).code).toBe(EXIT.NOT_FOUND);
  });
});
