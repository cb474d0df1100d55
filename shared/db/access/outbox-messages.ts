import type { EntityManager } from '@mikro-orm/core';
import { OutboxMessageEntity } from '../entities/index.ts';

/** The mail spool of an instance without SMTP (`outbox_messages`): every organization's, by design, read by whoever runs it. */
export interface OutboxMessageStore {
  /** Stores one mail; returns its id. */
  keep(message: { to: string; subject: string; body: string }): Promise<string>;
}

export function createOutboxMessageStore(em: EntityManager): OutboxMessageStore {
  return {
    async keep(message) {
      const stored = em.create(OutboxMessageEntity, { to: message.to, subject: message.subject, body: message.body });
      await em.flush();
      return stored.id;
    },
  };
}
