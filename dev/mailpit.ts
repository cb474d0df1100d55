import { freePorts } from '../shared/net/free-port.ts';
import { goTool } from './go-install.ts';
import { resolveTool, type ResolveToolOptions } from './tool-cache.ts';
import { startManagedProcess } from './managed-process.ts';
import { startAgainOnEarlyExit, waitFor } from './wait-for.ts';

/** Mailpit (https://mailpit.axllent.org): a real SMTP server whose HTTP API lets tests read the mail back. */
export const MAILPIT_VERSION = '1.33.1';

/** The build in the tool cache, keyed by version. */
export const MAILPIT_TOOL = goTool({ name: 'mailpit', version: MAILPIT_VERSION, module: 'github.com/axllent/mailpit' });

/**
 * MAILPIT_PATH, else the tool cache, else `go install` into the tool cache (the Go module proxy is
 * the only download). Throws when none gives a binary.
 */
export const resolveMailpit = (options: ResolveToolOptions): Promise<string> => resolveTool(MAILPIT_TOOL, 'MAILPIT_PATH', options);

/** One message as Mailpit's API lists it, reduced to what tests read. */
export interface MailpitListed {
  id: string;
  to: string[];
  subject: string;
  /** When the SMTP server accepted it. */
  receivedAt: Date;
}

export interface MailpitMessage extends MailpitListed {
  text: string;
}

export interface RunningMailpit {
  /** For SMTP_URL, e.g. `smtp://127.0.0.1:41234`. */
  smtpUrl: string;
  /** Mailpit's web UI and API. */
  httpUrl: string;
  /** Every message accepted so far, oldest first, without bodies. */
  list(): Promise<MailpitListed[]>;
  /** Every message accepted so far, oldest first, with its plain-text body. */
  messages(): Promise<MailpitMessage[]>;
  stop(): Promise<void>;
}

interface ListedMessage {
  ID: string;
  Subject: string;
  To: { Address: string }[];
  Created: string;
}

/** Starts Mailpit on free loopback ports, in memory, and waits until its API answers. */
export function startMailpit(binary: string): Promise<RunningMailpit> {
  return startAgainOnEarlyExit('mailpit', () => startMailpitOnce(binary));
}

async function startMailpitOnce(binary: string): Promise<RunningMailpit> {
  const [smtpPort, httpPort] = await freePorts(2);
  const server = startManagedProcess(
    'mailpit',
    binary,
    // Unlimited (`--max 0`): a benchmark reads back thousands of pages.
    [
      '--smtp',
      `127.0.0.1:${smtpPort}`,
      '--listen',
      `127.0.0.1:${httpPort}`,
      '--max',
      '0',
      '--smtp-auth-allow-insecure',
      '--disable-version-check',
      '--quiet',
    ],
    { onOutput: () => undefined },
  );
  const httpUrl = `http://127.0.0.1:${httpPort}`;
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${httpUrl}${path}`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`mailpit ${path}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  try {
    await waitFor('mailpit', () => getJson<unknown>('/api/v1/info').then(() => true), {
      timeoutMs: 30_000,
      intervalMs: 100,
      isAlive: () => server.isAlive(),
      exitReport: () => server.exitReport(),
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  const list = async (): Promise<MailpitListed[]> => {
    const listed: ListedMessage[] = [];
    // Newest first, a page at a time.
    for (let start = 0; ; start += 1000) {
      const page = await getJson<{ messages: ListedMessage[]; messages_count: number }>(`/api/v1/messages?start=${start}&limit=1000`);
      listed.push(...page.messages);
      if (page.messages.length < 1000) break;
    }
    return listed.reverse().map((message) => ({
      id: message.ID,
      to: message.To.map((to) => to.Address),
      subject: message.Subject,
      receivedAt: new Date(message.Created),
    }));
  };
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl,
    list,
    async messages() {
      return Promise.all(
        (await list()).map(async (message) => ({
          ...message,
          text: (await getJson<{ Text: string }>(`/api/v1/message/${message.id}`)).Text,
        })),
      );
    },
    stop: () => server.stop(),
  };
}
