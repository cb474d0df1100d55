import { parseCommandLine } from '../../clients/cli/args.ts';
import { runCommand } from '../../clients/cli/commands.ts';
import { EXIT } from '../../clients/cli/exit-codes.ts';
import { cliIo, startCliStack, type CliStack } from '../helpers/cli.ts';
import { startFakeNtfy, type FakeNtfy } from '../helpers/fake-ntfy.ts';

// `tocsin contact`: the CLI in-process, from source, against the real API and PostgreSQL, pushes
// going to a fake ntfy that checks access tokens as ntfy does.
describe('tocsin contact add, verify, list and test (integration: real PostgreSQL, fake ntfy)', () => {
  let cli: CliStack;
  let ntfy: FakeNtfy;
  let accessToken: string;

  beforeAll(async () => {
    // The fake ntfy listens on loopback, which the outbound client refuses unless allowed.
    cli = await startCliStack('contact-cli', { env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    ntfy = await startFakeNtfy({ protectedTopics: ['cli-pager', 'cli-phone'] });
    accessToken = ntfy.addToken(['cli-pager', 'cli-phone']);
  });
  afterAll(async () => {
    await cli?.stop();
    await ntfy?.stop();
  });

  /** Runs `tocsin ...argv`, as the member signed in (TOCSIN_ACCESS_TOKEN) unless `apiKeyOnly`. */
  const tocsin = async (argv: string[], options: { apiKeyOnly?: boolean; ask?: (question: string) => Promise<string> } = {}) => {
    const { io, stdout } = cliIo(cli.server, cli.apiKey, options.ask);
    if (!options.apiKeyOnly) io.env.TOCSIN_ACCESS_TOKEN = cli.owner.token;
    const { command, json } = parseCommandLine(argv);
    let message = '';
    const code = await runCommand(command, json, io).catch((error: { exitCode?: number; message?: string }) => {
      message = error.message ?? '';
      return error.exitCode ?? -1;
    });
    return { code, out: stdout.join('\n'), message };
  };
  const codeSentTo = (topic: string) =>
    /(\d{6})/.exec(ntfy.messages.filter((message) => message.topic === topic).at(-1)?.message ?? '')?.[1];

  it('adds a push method, verifies it with the code ntfy got, lists it and sends a test page', async () => {
    const refused = await tocsin(['contact', 'add', 'push', 'cli-pager', '--server', ntfy.url, '--access-token', accessToken], {
      apiKeyOnly: true,
    });
    expect(refused.code).toBe(EXIT.FORBIDDEN);
    expect(refused.message).toContain('TOCSIN_ACCESS_TOKEN');

    const added = await tocsin([
      'contact',
      'add',
      'push',
      'cli-pager',
      '--label',
      'Pager',
      '--server',
      ntfy.url,
      '--access-token',
      accessToken,
      '--json',
    ]);
    expect(added.code).toBe(EXIT.OK);
    const method = JSON.parse(added.out) as { id: string; verified: boolean; verification: string };
    expect(method).toMatchObject({ verified: false, verification: 'code' });
    expect(added.out).not.toContain(accessToken);
    const code = codeSentTo('cli-pager') as string;
    expect(code).toMatch(/^\d{6}$/);

    expect((await tocsin(['contact', 'test', method.id])).code).toBe(EXIT.REJECTED);
    const wrong = await tocsin(['contact', 'verify', method.id, code === '000000' ? '111111' : '000000']);
    expect(wrong.code).toBe(EXIT.REJECTED);
    const verified = await tocsin(['contact', 'verify', method.id, code]);
    expect(verified.out).toBe(`${method.id} push ${ntfy.url}: verified`);

    const listed = await tocsin(['contact', 'list'], { apiKeyOnly: true });
    expect(listed.out).toMatch(new RegExp(`^${method.id}\\s+push\\s+Pager\\s+${ntfy.url.replace(/\./g, '\\.')}\\s+yes$`, 'm'));

    const tested = await tocsin(['contact', 'test', method.id]);
    expect(tested).toMatchObject({ code: EXIT.OK, out: 'test page sent' });
    expect(ntfy.messages.at(-1)).toMatchObject({ topic: 'cli-pager' });
    expect(ntfy.messages.at(-1)?.title).toContain('[TEST]');
  });

  it('asks for the code at a terminal and verifies with it', async () => {
    const questions: string[] = [];
    const added = await tocsin(['contact', 'add', 'push', 'cli-phone', '--server', ntfy.url, '--access-token', accessToken], {
      ask: async (question) => {
        questions.push(question);
        return codeSentTo('cli-phone') ?? '';
      },
    });
    expect(questions).toEqual(['Code received: ']);
    expect(added.code).toBe(EXIT.OK);
    expect(added.out).toMatch(/^[0-9a-f-]{36} push .*: verified$/);
  });
});
