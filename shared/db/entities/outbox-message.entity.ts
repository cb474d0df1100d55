import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Mail kept in the database when no SMTP server is configured (development, tests): the local
 * stand-in for a mail spool, read by whoever runs the instance. Not tenant-owned.
 */
export const OutboxMessageEntity = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox_messages',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    to: p.string().length(320).index(),
    subject: p.string().length(300),
    body: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type OutboxMessage = InferEntity<typeof OutboxMessageEntity>;
