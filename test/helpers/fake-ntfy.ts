import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the fake ntfy server accepted, as ntfy stores it. */
export interface NtfyMessage {
  id: string;
  topic: string;
  title?: string;
  message?: string;
  priority?: number;
  tags?: string[];
  click?: string;
  actions?: Array<Record<string, unknown>>;
}

/**
 * A local ntfy server of the publish API Tocsin uses: JSON to the root (`{topic, title, message,
 * priority, tags, actions}`) and POST/PUT to `/<topic>` with `Title`, `Priority`, `Tags`,
 * `Actions` headers. Access as ntfy checks it: a topic listed in `protectedTopics` needs
 * `Authorization: Bearer <token>` of a token allowed to write it; an unknown or malformed token is
 * 401, a known token without write access (or none at all) is 403.
 */
export async function startFakeNtfy(options: { tokens?: Record<string, string[]>; protectedTopics?: string[] } = {}) {
  const tokens = new Map(Object.entries(options.tokens ?? {}));
  const protectedTopics = new Set(options.protectedTopics ?? []);
  const messages: NtfyMessage[] = [];
  const refused: Array<{ status: number; topic: string }> = [];
  /** Requests that hang (never answered) while it returns true: a receiver that never answers. */
  let hang: (message: NtfyMessage) => boolean = () => false;
  /** Called with each accepted message before the answer (a fault test kills the worker here). */
  let onAccepted: (message: NtfyMessage) => Promise<void> | void = () => {};
  const hanging = new Set<IncomingMessage>();

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const headerActions = (value: string | undefined) =>
    value
      ? value.split(';').map((part) => {
          const [action, label, url, ...rest] = part.split(',').map((item) => item.trim());
          return { action, label, url, ...Object.fromEntries(rest.map((item) => item.split('=') as [string, string])) };
        })
      : undefined;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' && req.method !== 'PUT') return answer(405, { code: 40501, http: 405, error: 'method not allowed' });
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      let message: NtfyMessage;
      if (path === '/') {
        let json: Record<string, unknown>;
        try {
          json = JSON.parse(body) as Record<string, unknown>;
        } catch {
          return answer(400, { code: 40024, http: 400, error: 'invalid request: body must be JSON' });
        }
        if (typeof json.topic !== 'string') return answer(400, { code: 40009, http: 400, error: 'invalid request: topic invalid' });
        message = {
          id: randomBytes(6).toString('base64url'),
          topic: json.topic,
          title: json.title as string | undefined,
          message: json.message as string | undefined,
          priority: json.priority as number | undefined,
          tags: json.tags as string[] | undefined,
          click: json.click as string | undefined,
          actions: json.actions as Array<Record<string, unknown>> | undefined,
        };
      } else {
        const header = (name: string) => (req.headers[name] as string | undefined) ?? undefined;
        message = {
          id: randomBytes(6).toString('base64url'),
          topic: path.slice(1),
          title: header('title') ?? header('x-title'),
          message: body,
          priority: header('priority') ? Number(header('priority')) : undefined,
          tags: header('tags')?.split(','),
          actions: headerActions(header('actions')),
        };
      }
      if (!/^[-_A-Za-z0-9]{1,64}$/.test(message.topic))
        return answer(400, { code: 40009, http: 400, error: 'invalid request: topic invalid' });
      const authorization = req.headers.authorization;
      let allowed: string[] | undefined;
      if (authorization !== undefined) {
        const match = /^Bearer (tk_[A-Za-z0-9]{29})$/.exec(authorization);
        allowed = match ? tokens.get(match[1] as string) : undefined;
        if (!allowed) {
          refused.push({ status: 401, topic: message.topic });
          return answer(401, { code: 40101, http: 401, error: 'unauthorized' });
        }
      }
      if (protectedTopics.has(message.topic) && !allowed?.includes(message.topic)) {
        refused.push({ status: 403, topic: message.topic });
        return answer(403, { code: 40301, http: 403, error: 'forbidden' });
      }
      if (hang(message)) {
        hanging.add(req);
        return;
      }
      messages.push(message);
      await onAccepted(message);
      answer(200, { ...message, time: Math.floor(Date.now() / 1000), event: 'message' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    refused,
    /** A fresh ntfy-shaped access token allowed to write these topics. */
    addToken(topics: string[]): string {
      const token = `tk_${randomBytes(32)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, '')
        .padEnd(29, 'a')
        .slice(0, 29)}`;
      tokens.set(token, topics);
      return token;
    },
    protect(topicName: string) {
      protectedTopics.add(topicName);
    },
    hangWhile(predicate: (message: NtfyMessage) => boolean) {
      hang = predicate;
    },
    onAccepted(hook: (message: NtfyMessage) => Promise<void> | void) {
      onAccepted = hook;
    },
    /** Drops every hanging request's connection (the publisher sees a reset). */
    async releaseHanging() {
      for (const req of hanging) req.socket.destroy();
      hanging.clear();
    },
    async stop() {
      for (const req of hanging) req.socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeNtfy = Awaited<ReturnType<typeof startFakeNtfy>>;
