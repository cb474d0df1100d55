import { parseCommandLine } from '../../clients/cli/args.ts';
import { runCommand } from '../../clients/cli/commands.ts';
import { EXIT } from '../../clients/cli/exit-codes.ts';
import { bearer } from '../helpers/members.ts';
import { cliIo, startCliStack, type CliStack } from '../helpers/cli.ts';

// `tocsin incident merge|unmerge|link`: the CLI in-process, from source, against the real API and PostgreSQL.
describe('tocsin incidents merge, unmerge and link (integration: real PostgreSQL and Temporal)', () => {
  let cli: CliStack;
  beforeAll(async () => {
    cli = await startCliStack('merge-cli');
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
  const create = async (title: string) =>
    (await cli.stack.http.post('/api/v1/incidents').set(bearer(cli.owner.token)).send({ title, severity: 'high' }).expect(201)).body
      .data as { id: string };
  const incident = async (id: string) =>
    (await cli.stack.http.get(`/api/v1/incidents/${id}`).set(bearer(cli.owner.token)).expect(200)).body.data as {
      status: string;
      merged_into: string | null;
    };

  it('merges an incident into another and unmerges it, as `tocsin incident ...` too', async () => {
    const target = await create('Checkout down');
    const source = await create('Payments failing');
    const merged = await tocsin(['incident', 'merge', target.id, '--source', source.id]);
    expect(merged).toMatchObject({
      code: EXIT.OK,
      out: expect.stringMatching(new RegExp(`^merged ${source.id} \\(0 alerts\\) into ${target.id}; undo until`)),
    });
    expect(await incident(source.id)).toMatchObject({ status: 'resolved', merged_into: target.id });

    const undone = await tocsin(['incidents', 'unmerge', target.id, source.id, '--json']);
    expect(undone.code).toBe(EXIT.OK);
    expect(JSON.parse(undone.out)).toMatchObject({ source_incident_id: source.id, unmerged_at: expect.any(String) });
    expect(await incident(source.id)).toMatchObject({ status: 'active', merged_into: null });
    // Undone once: nothing left to undo.
    expect((await tocsin(['incidents', 'unmerge', target.id, source.id])).code).toBe(EXIT.NOT_FOUND);
  });

  it('links two incidents, lists the link from the other side, and removes it', async () => {
    const database = await create('Database failover');
    const api = await create('API errors');
    const linked = await tocsin(['incident', 'link', api.id, database.id, '--kind', 'caused_by', '--json']);
    expect(linked.code).toBe(EXIT.OK);
    const link = JSON.parse(linked.out) as { id: string };
    const listed = await tocsin(['incidents', 'links', database.id]);
    expect(listed.out).toMatch(new RegExp(`${link.id}\\s+causes\\s+${api.id}\\s+active\\s+API errors`));
    expect((await tocsin(['incidents', 'link', database.id, api.id])).code).toBe(EXIT.REJECTED);
    expect(await tocsin(['incidents', 'unlink', database.id, link.id])).toMatchObject({ code: EXIT.OK, out: `removed link ${link.id}` });
    expect((await tocsin(['incidents', 'links', api.id])).out).toBe('No linked incident.');
  });

  it('refuses bad arguments as usage errors before calling the API', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(await tocsin(['incidents', 'merge', id])).toMatchObject({ code: EXIT.USAGE, message: expect.stringContaining('--source') });
    expect(await tocsin(['incidents', 'link', id, id, '--kind', 'blocks'])).toMatchObject({
      code: EXIT.USAGE,
      message: expect.stringContaining('--kind'),
    });
    expect((await tocsin(['incidents', 'unmerge', id, 'nope'])).code).toBe(EXIT.USAGE);
  });
});
