import { createTransport } from 'nodemailer';
import type { OutboxMessageStore } from '../db/access/outbox-messages.ts';
import type { Logger } from '../logger.ts';
import type { MailMessage } from './mail-message.ts';

export type { MailMessage } from './mail-message.ts';

/** The one way Tocsin sends mail; services get it through their deps. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes the connections it keeps open (SMTP's pool), so the process can end. */
  close?(): void;
}

/**
 * SMTP connections a pooled mailer keeps open. A page goes out on an open connection instead of
 * paying a connection and greeting each (which an outage's hundred pages a second cannot afford); a
 * connection the server closed is replaced and its message sent again on another.
 */
export const SMTP_POOL_CONNECTIONS = 16;

/**
 * Real delivery through the SMTP server of `SMTP_URL` (`smtp://` or `smtps://`, credentials in the
 * URL); `pool` (the worker, which pages) keeps connections open until `close()`.
 */
export function createSmtpMailer(options: { url: string; from: string; logger: Logger; pool?: boolean }): Mailer {
  const transport = createTransport(options.pool ? { url: options.url, pool: true, maxConnections: SMTP_POOL_CONNECTIONS } : options.url);
  return {
    close: () => transport.close(),
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
      });
      options.logger.info({ messageId: info.messageId, to: message.to, subject: message.subject }, 'mail sent');
    },
  };
}

/**
 * Without SMTP the message is kept in `outbox_messages` for whoever runs the instance, and a log
 * line says so without the body. Each send asks `outboxMessages` for a store of its own (a fresh
 * unit of work), because a send may outlive the request that asked for it.
 */
export function createOutboxMailer(deps: { outboxMessages: () => OutboxMessageStore; logger: Logger }): Mailer {
  return {
    async send(message) {
      const id = await deps.outboxMessages().keep({ to: message.to, subject: message.subject, body: message.text });
      deps.logger.info({ outboxMessageId: id, to: message.to, subject: message.subject }, 'no SMTP_URL: mail stored in outbox_messages');
    },
  };
}

/** SMTP when `smtpUrl` is set, else the outbox table. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxMessages: () => OutboxMessageStore;
  logger: Logger;
  /** Keep SMTP connections open (a process that pages); close() them at its end. */
  pool?: boolean;
}): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ url: options.smtpUrl, from: options.from, logger: options.logger, pool: options.pool ?? false })
    : createOutboxMailer({ outboxMessages: options.outboxMessages, logger: options.logger });
}
