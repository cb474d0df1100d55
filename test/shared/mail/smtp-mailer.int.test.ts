import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { waitFor } from '../../../dev/wait-for.ts';
import { resolveMailpit, startMailpit, type RunningMailpit } from '../../../dev/mailpit.ts';
import { toolCacheDir } from '../../../shared/load-config.ts';
import { createLogger } from '../../../shared/logger.ts';
import { createSmtpMailer, SMTP_POOL_CONNECTIONS } from '../../../shared/mail/mailer.ts';

/** A TCP relay in front of Mailpit's SMTP port that counts the connections made through it and can cut them. */
async function startCountingRelay(smtpUrl: string) {
  const target = new URL(smtpUrl);
  const open = new Set<Socket>();
  let connections = 0;
  const server = createServer((client) => {
    connections += 1;
    const upstream = connect(Number(target.port), target.hostname);
    open.add(client);
    client.pipe(upstream).pipe(client);
    const end = () => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    open: () => open.size,
    /** Drops every open connection, as a server closing idle ones does. */
    cut: () => open.forEach((socket) => socket.destroy()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The worker's mailer keeps SMTP connections open: an outage's pages each cost a message, not a
// connection and a greeting; a connection the server drops is replaced, its messages still sent.
describe('pooled SMTP mailer (integration: real Mailpit)', () => {
  let mailpit: RunningMailpit;
  beforeAll(async () => {
    mailpit = await startMailpit(await resolveMailpit({ explicitPath: process.env.MAILPIT_PATH || undefined, cacheDir: toolCacheDir() }));
  }, 10 * 60_000);
  afterAll(() => mailpit?.stop());

  const logger = createLogger({ name: 'smtp-mailer-test', level: 'silent' });
  /** Waits until Mailpit holds `count` messages to `to` (more fail the test at its expect). */
  const received = (to: string, count: number) =>
    waitFor(
      `${count} messages to ${to}`,
      async () => {
        const n = (await mailpit.list()).filter((message) => message.to.includes(to)).length;
        return n >= count ? n : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );

  it('sends many messages over a few kept connections, and closes them at the end', async () => {
    const relay = await startCountingRelay(mailpit.smtpUrl);
    const mailer = createSmtpMailer({ url: relay.url, from: 'tocsin@example.test', logger, pool: true });
    const to = 'pooled@example.test';
    await Promise.all(Array.from({ length: 40 }, (_, n) => mailer.send({ to, subject: `Page ${n}`, text: 'Disk full' })));
    expect(await received(to, 40)).toBe(40);
    expect(relay.connections()).toBeGreaterThan(0);
    expect(relay.connections()).toBeLessThanOrEqual(SMTP_POOL_CONNECTIONS);
    mailer.close?.();
    await waitFor('pooled connections closed', async () => (relay.open() === 0 ? true : undefined), { timeoutMs: 10_000, intervalMs: 50 });
    await relay.close();
  });

  it('replaces a connection the server dropped and still sends', async () => {
    const relay = await startCountingRelay(mailpit.smtpUrl);
    const mailer = createSmtpMailer({ url: relay.url, from: 'tocsin@example.test', logger, pool: true });
    const to = 'dropped@example.test';
    await mailer.send({ to, subject: 'Page before', text: 'Disk full' });
    const before = relay.connections();
    relay.cut();
    await waitFor('connections cut', async () => (relay.open() === 0 ? true : undefined), { timeoutMs: 10_000, intervalMs: 20 });
    await mailer.send({ to, subject: 'Page after', text: 'Disk full' });
    expect(await received(to, 2)).toBe(2);
    expect(relay.connections()).toBeGreaterThan(before);
    mailer.close?.();
    await relay.close();
  });

  it('opens a connection per message without the pool (the API, which sends a few)', async () => {
    const relay = await startCountingRelay(mailpit.smtpUrl);
    const mailer = createSmtpMailer({ url: relay.url, from: 'tocsin@example.test', logger });
    const to = 'unpooled@example.test';
    for (let n = 0; n < 3; n += 1) await mailer.send({ to, subject: `Invitation ${n}`, text: 'Join' });
    expect(await received(to, 3)).toBe(3);
    expect(relay.connections()).toBe(3);
    await relay.close();
  });
});
