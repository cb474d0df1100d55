import { apiError, unreachable } from './api.ts';
import type { Command } from './args.ts';
import type { CliIo } from './io.ts';
import type { CliConfig } from './config-store.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import { table } from './output.ts';
import { userAgent } from './version.ts';

type ContactCommand = Extract<Command, { name: `contact ${string}` }>;

interface ContactMethod {
  id: string;
  type: string;
  label: string;
  address: string | null;
  webhook: { destination: string } | null;
  verified: boolean;
  verification?: 'link' | 'code' | 'none';
}

/**
 * Contact methods are the member's own and the API refuses API keys for changing them (a key could
 * otherwise point someone's pages elsewhere): TOCSIN_ACCESS_TOKEN, a signed-in member's access
 * token, is used when set; the saved API key otherwise (enough to list them).
 */
function credentials(config: CliConfig, io: CliIo): Record<string, string> {
  const token = io.env.TOCSIN_ACCESS_TOKEN;
  return token ? { authorization: `Bearer ${token}` } : { 'x-api-key': config.api_key };
}

async function call<T>(config: CliConfig, io: CliIo, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.url}/api/v1${path}`, {
      method,
      headers: {
        ...credentials(config, io),
        'user-agent': userAgent(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw unreachable(config.url, error);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: reported as the text it is.
  }
  if (response.ok) return parsed as T;
  const failure = apiError(response.status, parsed);
  if (response.status === 403 && !io.env.TOCSIN_ACCESS_TOKEN)
    failure.message += ' (changing contact methods needs a signed-in member: set TOCSIN_ACCESS_TOKEN, see `tocsin contact add --help`)';
  throw failure;
}

/** Where a method goes, never a secret (a push topic and a webhook URL are sealed). */
export function contactTarget(method: ContactMethod): string {
  if (method.type === 'webhook') return method.webhook?.destination ?? '';
  if (method.type === 'push') return method.address ?? "the organization's ntfy server";
  return method.address ?? '';
}

export function formatContactList(methods: ContactMethod[]): string {
  if (methods.length === 0) return 'No contact method: pages go to your account email at once.';
  return table(
    ['ID', 'KIND', 'LABEL', 'TO', 'VERIFIED'],
    methods.map((method) => [method.id, method.type, method.label, contactTarget(method), method.verified ? 'yes' : 'no']),
  );
}

/** The create body for a kind: the ADDRESS is the email, the URL, the ntfy topic, or the channel's address. */
export function contactBody(command: Extract<Command, { name: 'contact add' }>): Record<string, unknown> {
  const label = command.label ? { label: command.label } : {};
  switch (command.kind) {
    case 'webhook':
      return { type: 'webhook', label: command.label ?? 'Webhook', url: command.address };
    case 'push':
      return {
        type: 'push',
        ...label,
        topic: command.address,
        ...(command.server ? { server_url: command.server } : {}),
        ...(command.accessToken ? { access_token: command.accessToken } : {}),
      };
    default:
      return { type: command.kind, ...label, address: command.address };
  }
}

export async function runContactCommand(command: ContactCommand, json: boolean, io: CliIo, config: CliConfig): Promise<ExitCode> {
  const out = (human: () => string, machine: unknown) => io.stdout(json ? JSON.stringify(machine, null, 2) : human());
  switch (command.name) {
    case 'contact list': {
      const page = await call<{ data: ContactMethod[] }>(config, io, 'GET', '/users/me/contact-methods?limit=100');
      out(() => formatContactList(page.data), page);
      return EXIT.OK;
    }
    case 'contact add': {
      const { data } = await call<{ data: ContactMethod }>(config, io, 'POST', '/users/me/contact-methods', contactBody(command));
      if (data.verified || data.verification === 'none') {
        out(() => `${data.id} ${data.type} ${contactTarget(data)}: verified`, data);
        return EXIT.OK;
      }
      if (data.verification === 'link') {
        out(() => `${data.id} ${data.type} ${contactTarget(data)}: a link was mailed to it; follow it to verify`, data);
        return EXIT.OK;
      }
      if (!io.interactive || json) {
        out(() => `${data.id} ${data.type}: a 6-digit code was sent through it; confirm with: tocsin contact verify ${data.id} CODE`, data);
        return EXIT.OK;
      }
      io.stderr(`Added ${data.id}; a 6-digit code was sent through it.`);
      const code = (await io.ask('Code received: ')).trim();
      return verify(config, io, out, data.id, code);
    }
    case 'contact verify':
      return verify(config, io, out, command.id, command.code);
    case 'contact resend': {
      const { data } = await call<{ data: ContactMethod }>(config, io, 'POST', `/users/me/contact-methods/${command.id}/verification`);
      out(() => `${data.id}: ${data.verification === 'link' ? 'a new link was mailed' : 'a new code was sent'}`, data);
      return EXIT.OK;
    }
    case 'contact test': {
      const { data } = await call<{ data: { status: 'sent' | 'failed'; error: string | null } }>(
        config,
        io,
        'POST',
        `/users/me/contact-methods/${command.id}/test`,
      );
      out(() => (data.status === 'sent' ? 'test page sent' : `test page failed: ${data.error ?? 'unknown error'}`), data);
      return data.status === 'sent' ? EXIT.OK : EXIT.ERROR;
    }
  }
}

async function verify(
  config: CliConfig,
  io: CliIo,
  out: (human: () => string, machine: unknown) => void,
  id: string,
  code: string,
): Promise<ExitCode> {
  const { data } = await call<{ data: ContactMethod }>(config, io, 'POST', `/users/me/contact-methods/${id}/verify`, { code });
  out(() => `${data.id} ${data.type} ${contactTarget(data)}: verified`, data);
  return EXIT.OK;
}
