import { parseCommandLine } from '../../clients/cli/args.ts';
import { runCommand } from '../../clients/cli/commands.ts';
import { EXIT } from '../../clients/cli/exit-codes.ts';
import { bearer } from '../helpers/members.ts';
import { cliIo, startCliStack, type CliStack } from '../helpers/cli.ts';

// `tocsin postmortem`: the CLI in-process, from source, against the real API and PostgreSQL.
describe('tocsin postmortem create, show, export and action add/done (integration: real PostgreSQL and Temporal)', () => {
  let cli: CliStack;
  beforeAll(async () => {
    cli = await startCliStack('postmortem-cli');
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

  it('drafts, adds an action item, marks it done, shows and exports the postmortem the API holds', async () => {
    const incident = (
      await cli.stack.http
        .post('/api/v1/incidents')
        .set(bearer(cli.owner.token))
        .send({ title: 'Search latency spike', severity: 'high' })
        .expect(201)
    ).body.data as { id: string };

    const created = await tocsin(['postmortem', 'create', incident.id]);
    expect(created).toMatchObject({
      code: EXIT.OK,
      out: expect.stringMatching(/^drafted postmortem [0-9a-f-]{36}: Postmortem: Search latency spike$/),
    });
    expect((await tocsin(['postmortem', 'create', incident.id])).code).toBe(EXIT.REJECTED);

    const added = await tocsin([
      'postmortem',
      'action',
      'add',
      incident.id,
      '--title',
      'Cache the facet counts',
      '--owner',
      cli.owner.user.id,
      '--due',
      '2026-12-20',
      '--json',
    ]);
    expect(added.code).toBe(EXIT.OK);
    const item = JSON.parse(added.out) as { id: string; owner_id: string; due_date: string; done: boolean };
    expect(item).toMatchObject({ owner_id: cli.owner.user.id, due_date: '2026-12-20', done: false });
    expect(await tocsin(['postmortem', 'action', 'done', incident.id, item.id])).toMatchObject({
      code: EXIT.OK,
      out: `action item ${item.id} done`,
    });

    const shown = await tocsin(['postmortem', 'show', incident.id]);
    expect(shown.code).toBe(EXIT.OK);
    expect(shown.out).toMatch(/^Postmortem: Search latency spike\nstatus: draft\n/);
    expect(shown.out).toMatch(new RegExp(`${item.id}\\s+yes\\s+2026-12-20\\s+\\S.*Cache the facet counts`));
    expect(shown.out).toContain('## Key times');

    const exported = await tocsin(['postmortem', 'export', incident.id]);
    expect(exported.code).toBe(EXIT.OK);
    expect(exported.out.split('\n')).toEqual(
      expect.arrayContaining([
        '# Postmortem: Search latency spike',
        '_Status: Draft_',
        expect.stringMatching(/^- \[x\] Cache the facet counts \(owner: .+, due 2026-12-20\)$/),
      ]),
    );
    const api = (await cli.stack.http.get(`/api/v1/incidents/${incident.id}/postmortem`).set(bearer(cli.owner.token)).expect(200)).body
      .data;
    expect(api.action_items).toEqual([expect.objectContaining({ id: item.id, done: true })]);

    expect(await tocsin(['postmortem', 'action', 'done', incident.id, item.id, '--undo'])).toMatchObject({
      out: `action item ${item.id} not done`,
    });
  });

  it('refuses bad dates and ids as usage errors, an incident without a postmortem as not found', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(await tocsin(['postmortem', 'action', 'add', id, '--title', 'x', '--due', '20/12/2026'])).toMatchObject({
      code: EXIT.USAGE,
      message: expect.stringContaining('--due'),
    });
    expect((await tocsin(['postmortem', 'action', 'add', id])).code).toBe(EXIT.USAGE);
    expect((await tocsin(['postmortem', 'action', 'done', id, 'nope'])).code).toBe(EXIT.USAGE);
    expect((await tocsin(['postmortem', 'action'])).message).toContain('needs a subcommand');
    expect((await tocsin(['postmortem', 'show', id])).code).toBe(EXIT.NOT_FOUND);
    expect((await tocsin(['postmortem', 'export', id])).code).toBe(EXIT.NOT_FOUND);
  });
});
