import { Migration } from '@mikro-orm/migrations';

/**
 * Chat-feed updates the outbox relay handed to a workflow and not yet posted, each with its event's
 * place in the outbox order (`created_at`, `id`): a post waits while an earlier update of the same
 * thread is still here, so a thread follows the outbox order across relay batches (decision 0020).
 */
export class Migration20261231190000ChatFeedPending extends Migration {
  override name = '20261231190000-chat-feed-pending';

  override up(): void {
    this.addSql(`create table "chat_feed_pending" (
      "feed_id" uuid not null references "chat_feeds" ("id") on delete cascade,
      "incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "event_id" uuid not null,
      "event_at" timestamptz not null,
      "created_at" timestamptz not null default now(),
      primary key ("feed_id", "event_id"));`);
    this.addSql(
      `create index "chat_feed_pending_thread_order_index" on "chat_feed_pending" ("feed_id", "incident_id", "event_at", "event_id");`,
    );
    this.addSql(`create index "chat_feed_pending_incident_index" on "chat_feed_pending" ("incident_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "chat_feed_pending";`);
  }
}
