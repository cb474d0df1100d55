import { parseCommandLine } from '../../clients/cli/args.ts';
import { runCommand } from '../../clients/cli/commands.ts';
import { EXIT } from '../../clients/cli/exit-codes.ts';
import { cliIo, startCliStack, type CliStack } from '../helpers/cli.ts';

// `tocsin team`: the CLI in-process, from source, against the real API and PostgreSQL.
describe('tocsin team list, create and add-member (integration: real PostgreSQL)', () => {
  let cli: CliStack;
  beforeAll(async () => {
    cli = await startCliStack('team-cli');
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

  it('creates a team, adds a manager to it and lists it', async () => {
    const created = await tocsin(['team', 'create', 'Storage', '--json']);
    expect(created.code).toBe(EXIT.OK);
    const team = JSON.parse(created.out) as { id: string; name: string; members: unknown[] };
    expect(team).toMatchObject({ name: 'Storage', members: [] });

    const added = await tocsin(['team', 'add-member', team.id, cli.owner.user.id, '--role', 'manager']);
    expect(added.code).toBe(EXIT.OK);
    expect(added.out).toContain(`team ${team.id} Storage: 1 member(s)`);
    expect(added.out).toContain('(manager)');

    const listed = await tocsin(['team', 'list']);
    expect(listed.out).toMatch(new RegExp(`${team.id}\\s+Storage\\s+1\\s+0\\s+-`));

    const duplicate = await tocsin(['team', 'create', 'storage']);
    expect(duplicate).toMatchObject({ code: EXIT.REJECTED, message: expect.stringContaining('already exists') });
  });

  it('refuses an unknown role as a usage error, before any request', async () => {
    const refused = await tocsin([
      'team',
      'add-member',
      '00000000-0000-4000-8000-000000000000',
      '00000000-0000-4000-8000-000000000001',
      '--role',
      'boss',
    ]);
    expect(refused).toMatchObject({ code: EXIT.USAGE, message: expect.stringContaining('--role must be member or manager') });
  });
});
