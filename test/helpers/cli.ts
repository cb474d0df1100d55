import type { CliIo } from '../../clients/cli/commands.ts';
import { createApiKey } from './api-keys.ts';
import { listen } from './listening-stack.ts';
import { registerOwner, startTestStack, type TestStack, type TestStackOptions } from './stack.ts';

export interface CliStack {
  stack: TestStack;
  server: Awaited<ReturnType<typeof listen>>;
  owner: Awaited<ReturnType<typeof registerOwner>>;
  /** A `*` key of the owner's, the credential the CLI is given. */
  apiKey: string;
  stop(): Promise<void>;
}

/** A stack served on a loopback port with one organization's owner and a `*` API key, for the CLI to talk to. */
export async function startCliStack(label: string, options: TestStackOptions = {}): Promise<CliStack> {
  const stack = await startTestStack(options);
  let server: CliStack['server'] | undefined;
  const stop = async () => {
    await server?.close();
    await stack.stop();
  };
  try {
    server = await listen(stack);
    const owner = await registerOwner(stack.http, label);
    const apiKey = (await createApiKey(stack.http, owner.token, { name: 'cli', permissions: ['*'] })).api_key;
    return { stack, server, owner, apiKey, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The terminal of the CLI run in-process: pointed at `server` with `apiKey`, no config file, what it
 * prints collected in `stdout`. Not interactive unless given someone to `ask`.
 */
export function cliIo(
  server: { url: string },
  apiKey: string,
  ask?: (question: string) => Promise<string>,
): { io: CliIo; stdout: string[] } {
  const stdout: string[] = [];
  const io: CliIo = {
    stdout: (text) => stdout.push(text),
    stderr: () => {},
    env: { TOCSIN_URL: server.url, TOCSIN_API_KEY: apiKey },
    configPath: '/nonexistent/tocsin/config.json',
    interactive: ask !== undefined,
    ask: ask ?? (async () => ''),
    readInput: async () => Buffer.alloc(0),
    interrupted: new Promise(() => {}),
  };
  return { io, stdout };
}
