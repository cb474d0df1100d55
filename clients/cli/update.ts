import type { components } from '../typescript/schema.d.ts';
import { createApi, unwrap } from './api.ts';
import type { Command } from './args.ts';
import type { CliConfig } from './config-store.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { shortTime, table } from './output.ts';

type UpdateCommand = Extract<Command, { name: `update ${string}` }>;

type StatusUpdate = components['schemas']['StatusUpdate'];

export function formatStatusUpdates(updates: StatusUpdate[]): string {
  if (updates.length === 0) return 'No status update.';
  return table(
    ['POSTED', 'KIND', 'VISIBILITY', 'UPDATE'],
    updates.map((update) => [shortTime(update.created_at), update.kind, update.visibility, update.body.replace(/\s+/g, ' ').slice(0, 100)]),
  );
}

/** `tocsin update post|list`: an incident's status updates. */
export async function runUpdateCommand(command: UpdateCommand, json: boolean, io: CliIo, config: CliConfig): Promise<ExitCode> {
  const api = createApi(config);
  const out = (human: () => string, machine: unknown) => io.stdout(json ? JSON.stringify(machine, null, 2) : human());
  const params = { path: { id: command.incident } };
  switch (command.name) {
    case 'update post': {
      const { data } = await unwrap(
        config.url,
        api.POST('/api/v1/incidents/{id}/status-updates', {
          params,
          body: {
            kind: command.kind,
            body: command.message,
            visibility: command.visibility,
            ...(command.title !== undefined ? { title: command.title } : {}),
          },
        }),
      );
      out(() => `posted ${data.visibility} update ${data.id} (${data.kind})`, data);
      return EXIT.OK;
    }
    case 'update list': {
      const result = await unwrap(config.url, api.GET('/api/v1/incidents/{id}/status-updates', { params }));
      out(() => formatStatusUpdates(result.data), result);
      return EXIT.OK;
    }
  }
}
