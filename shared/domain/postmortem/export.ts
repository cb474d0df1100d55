// The Markdown export of a postmortem: no I/O.
import { formatTime, inline } from './format.ts';
import { POSTMORTEM_STATUS_LABELS, type PostmortemStatus } from './snapshot.ts';

export interface ActionItemForExport {
  title: string;
  ownerName: string | null;
  /** `YYYY-MM-DD`. */
  dueDate: string | null;
  done: boolean;
}

/** `GET …/postmortem.md`: the title, its status, the team's Markdown as written, and the action items as a task list. */
export function exportMarkdown(postmortem: {
  title: string;
  status: PostmortemStatus;
  publishedAt: Date | null;
  content: string;
  actionItems: readonly ActionItemForExport[];
}): string {
  const status =
    postmortem.status === 'published' && postmortem.publishedAt
      ? `${POSTMORTEM_STATUS_LABELS.published} ${formatTime(postmortem.publishedAt)}`
      : POSTMORTEM_STATUS_LABELS[postmortem.status];
  const items =
    postmortem.actionItems.length === 0
      ? ['No action items.']
      : postmortem.actionItems.map((item) => {
          const details = [
            item.ownerName ? `owner: ${inline(item.ownerName)}` : 'no owner',
            item.dueDate ? `due ${item.dueDate}` : 'no due date',
          ];
          return `- [${item.done ? 'x' : ' '}] ${inline(item.title)} (${details.join(', ')})`;
        });
  return [
    `# ${inline(postmortem.title)}`,
    '',
    `_Status: ${status}_`,
    '',
    postmortem.content.trimEnd(),
    '',
    '## Action items',
    '',
    ...items,
    '',
  ].join('\n');
}
