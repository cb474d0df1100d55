import type { Command } from './args.ts';
import type { CliConfig } from './config-store.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { shortTime, table } from './output.ts';
import { call } from './rest-call.ts';

type PostmortemCommand = Extract<Command, { name: `postmortem ${string}` }>;

interface ActionItem {
  id: string;
  title: string;
  owner_id: string | null;
  owner_name: string | null;
  due_date: string | null;
  done: boolean;
}

interface Postmortem {
  id: string;
  incident_id: string;
  title: string;
  status: string;
  content: string;
  published_at: string | null;
  updated_at: string;
  action_items: ActionItem[];
}

export function formatActionItems(items: ActionItem[]): string {
  if (items.length === 0) return 'No action items.';
  return table(
    ['ID', 'DONE', 'DUE', 'OWNER', 'ACTION'],
    items.map((item) => [item.id, item.done ? 'yes' : 'no', item.due_date ?? '-', item.owner_name ?? '-', item.title]),
  );
}

export function formatPostmortem(postmortem: Postmortem): string {
  return [
    postmortem.title,
    `status: ${postmortem.status}${postmortem.published_at ? ` (published ${shortTime(postmortem.published_at)})` : ''}`,
    `updated: ${shortTime(postmortem.updated_at)}`,
    '',
    formatActionItems(postmortem.action_items),
    '',
    postmortem.content.trimEnd(),
  ].join('\n');
}

/** `tocsin postmortem create|show|export|action add|action done`: an incident's postmortem. */
export async function runPostmortemCommand(command: PostmortemCommand, json: boolean, io: CliIo, config: CliConfig): Promise<ExitCode> {
  const out = (human: () => string, machine: unknown) => io.stdout(json ? JSON.stringify(machine, null, 2) : human());
  const path = `/incidents/${encodeURIComponent(command.incident)}/postmortem`;
  switch (command.name) {
    case 'postmortem create': {
      const result = await call<{ data: Postmortem }>(config, 'POST', path, command.title === undefined ? {} : { title: command.title });
      out(() => `drafted postmortem ${result.data.id}: ${result.data.title}`, result.data);
      return EXIT.OK;
    }
    case 'postmortem show': {
      const result = await call<{ data: Postmortem }>(config, 'GET', path);
      out(() => formatPostmortem(result.data), result.data);
      return EXIT.OK;
    }
    case 'postmortem export': {
      const markdown = await call<string>(config, 'GET', `${path}.md`);
      out(() => markdown.trimEnd(), { markdown });
      return EXIT.OK;
    }
    case 'postmortem action add': {
      const result = await call<{ data: ActionItem }>(config, 'POST', `${path}/action-items`, {
        title: command.title,
        ...(command.owner !== undefined ? { owner_id: command.owner } : {}),
        ...(command.due !== undefined ? { due_date: command.due } : {}),
      });
      out(() => `added action item ${result.data.id}`, result.data);
      return EXIT.OK;
    }
    case 'postmortem action done': {
      const result = await call<{ data: ActionItem }>(config, 'PATCH', `${path}/action-items/${encodeURIComponent(command.item)}`, {
        done: command.done,
      });
      out(() => `action item ${result.data.id} ${result.data.done ? 'done' : 'not done'}`, result.data);
      return EXIT.OK;
    }
  }
}
