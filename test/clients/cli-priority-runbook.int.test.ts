import { parseCommandLine } from '../../clients/cli/args.ts';
import { runCommand } from '../../clients/cli/commands.ts';
import { EXIT } from '../../clients/cli/exit-codes.ts';
import { bearer } from '../helpers/members.ts';
import { cliIo, startCliStack, type CliStack } from '../helpers/cli.ts';

// `tocsin runbook priorities|priority`: the CLI in-process, from source, against the real API and PostgreSQL.
describe('tocsin runbook priority (integration: real PostgreSQL and Temporal)', () => {
  let cli: CliStack;
  beforeAll(async () => {
    cli = await startCliStack('priority-runbook-cli');
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

  it('sets a priority’s runbook by procedure name, lists it, and removes it; refuses bad input', async () => {
    const procedure = (
      await cli.stack.http
        .post('/api/v1/procedures')
        .set(bearer(cli.owner.token))
        .send({ name: 'Fail over', steps: [{ name: 'Look', type: 'manual', config: {} }] })
        .expect(201)
    ).body.data as { id: string };
    expect(await tocsin(['runbook', 'priorities'])).toMatchObject({ code: EXIT.OK, out: 'No priority runbook.' });
    expect(await tocsin(['runbook', 'priority', 'P1', 'Fail over', '--auto-approve'])).toMatchObject({
      code: EXIT.OK,
      out: 'P1 starts "Fail over" (auto-approved)',
    });
    const stored = (await cli.stack.http.get('/api/v1/priority-runbooks/P1').set(bearer(cli.owner.token)).expect(200)).body.data;
    expect(stored).toEqual(expect.objectContaining({ procedure_id: procedure.id, auto_approve: true, resolve_incident: true }));
    const listed = await tocsin(['runbook', 'priorities']);
    expect(listed.out.split('\n').slice(1).join('\n')).toMatch(/^P1\s+Fail over\s+auto\s+resolves$/);

    expect(await tocsin(['runbook', 'priority', 'P6', 'Fail over'])).toMatchObject({
      code: EXIT.USAGE,
      message: expect.stringMatching(/PRIORITY must be one of P1/),
    });
    expect(await tocsin(['runbook', 'priority', 'P2'])).toMatchObject({ code: EXIT.USAGE });
    expect(await tocsin(['runbook', 'priority', 'P2', 'No such runbook'])).toMatchObject({ code: EXIT.NOT_FOUND });

    expect(await tocsin(['runbook', 'priority', 'P1', '--none'])).toMatchObject({ code: EXIT.OK, out: 'P1 starts no runbook now' });
    await cli.stack.http.get('/api/v1/priority-runbooks/P1').set(bearer(cli.owner.token)).expect(404);
    expect(await tocsin(['runbook', 'priority', 'P1', '--none'])).toMatchObject({ code: EXIT.NOT_FOUND });
  });
});
