import { ApplicationFailure } from '@temporalio/activity';
import { forEachBounded } from '../shared/bounded.ts';
import type { PageMessageStore } from '../shared/db/access/page-messages.ts';
import { createPageChannels } from '../shared/paging/channels.ts';
import { createPageMessageUpdater, updatableKinds, type PageUpdateRequest } from '../shared/paging/page-updater.ts';
import type { PageSenderDeps } from '../shared/paging/page-sender.ts';

export type PageUpdateActivityDeps = PageSenderDeps & {
  /** A fresh unit of work per call. */
  pageMessages: () => PageMessageStore;
};

/** Messages of one incident updated at once; each is one vendor call bounded by its timeout. */
const UPDATE_CONCURRENCY = 8;

export function createPageUpdateActivities(deps: PageUpdateActivityDeps) {
  const channels = deps.channels ?? createPageChannels(deps);
  const kinds = updatableKinds(channels);
  const update = createPageMessageUpdater({ pageMessages: deps.pageMessages, channels, secretBox: deps.secretBox });

  return {
    /**
     * Shows an incident's change on every page message of it sent through a channel that updates
     * its messages (who acknowledged, resolved; escalated; reopened). A change a later one
     * superseded (the incident's status moved on) is skipped: the later one's update shows it.
     * Any message that could not be updated fails the attempt, to be retried (an update says the
     * same thing twice harmlessly); nothing else waits on it.
     */
    async updatePageMessages(input: PageUpdateRequest): Promise<{ updated: number; superseded: boolean }> {
      if (kinds.length === 0) return { updated: 0, superseded: false };
      const store = deps.pageMessages();
      const now = await store.incidentStatusNow(input);
      if (!now || now.status !== input.status) return { updated: 0, superseded: true };
      const pages = await store.pageMessagesOf(input, kinds, input.paged);
      const change = { status: now.status, action: input.action, actorName: input.action === 'escalate' ? null : now.actorName };
      const failures: string[] = [];
      await forEachBounded(pages, UPDATE_CONCURRENCY, async (page) => {
        const error = await update(input.organizationId, page, change);
        if (error) failures.push(`page ${page.id} (${page.method}): ${error}`);
      });
      if (failures.length > 0) {
        throw ApplicationFailure.retryable(
          `${failures.length} of ${pages.length} page messages not updated; first: ${failures[0]}`,
          'PageUpdateFailed',
        );
      }
      return { updated: pages.length, superseded: false };
    },
  };
}
