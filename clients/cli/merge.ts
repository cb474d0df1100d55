import type { Command } from './args.ts';
import type { CliConfig } from './config-store.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { shortTime, table } from './output.ts';
import { call } from './rest-call.ts';
import { linkPhrase, type IncidentLinkKind } from '../../shared/domain/incident-merge.ts';

type MergeCommand = Extract<
  Command,
  { name: 'incidents merge' | 'incidents unmerge' | 'incidents link' | 'incidents links' | 'incidents unlink' }
>;

interface Merge {
  source_incident_id: string;
  source_title: string;
  target_incident_id: string;
  alert_count: number;
  unmerge_until: string | null;
}

interface Link {
  id: string;
  kind: IncidentLinkKind;
  direction: 'outgoing' | 'incoming';
  incident: { id: string; title: string; status: string };
  created_at: string;
}

export function formatLinks(links: Link[]): string {
  if (links.length === 0) return 'No linked incident.';
  return table(
    ['LINK', 'THIS INCIDENT IS', 'INCIDENT', 'STATUS', 'TITLE', 'SINCE'],
    links.map((link) => [
      link.id,
      linkPhrase(link.kind, link.direction),
      link.incident.id,
      link.incident.status,
      link.incident.title.slice(0, 60),
      shortTime(link.created_at),
    ]),
  );
}

/** `tocsin incidents merge|unmerge|link|links|unlink`: merging incidents into one, and links between them. */
export async function runMergeCommand(command: MergeCommand, json: boolean, io: CliIo, config: CliConfig): Promise<ExitCode> {
  const out = (human: () => string, machine: unknown) => io.stdout(json ? JSON.stringify(machine, null, 2) : human());
  const incident = `/incidents/${encodeURIComponent(command.id)}`;
  switch (command.name) {
    case 'incidents merge': {
      const { data } = await call<{ data: { merges: Merge[] } }>(config, 'POST', `${incident}/merge`, {
        source_incident_ids: command.sources,
      });
      out(
        () =>
          data.merges
            .map(
              (merge) =>
                `merged ${merge.source_incident_id} (${merge.alert_count} alert${merge.alert_count === 1 ? '' : 's'}) into ${command.id}` +
                (merge.unmerge_until ? `; undo until ${shortTime(merge.unmerge_until)}` : ''),
            )
            .join('\n'),
        data,
      );
      return EXIT.OK;
    }
    case 'incidents unmerge': {
      const { data } = await call<{ data: Merge }>(config, 'POST', `${incident}/unmerge`, { source_incident_id: command.source });
      out(() => `unmerged ${data.source_incident_id} from ${data.target_incident_id}: it is its own incident again`, data);
      return EXIT.OK;
    }
    case 'incidents link': {
      const { data } = await call<{ data: Link }>(config, 'POST', `${incident}/links`, { incident_id: command.other, kind: command.kind });
      out(() => `linked ${data.id}: ${command.id} is ${linkPhrase(data.kind, data.direction)} ${data.incident.id}`, data);
      return EXIT.OK;
    }
    case 'incidents links': {
      const result = await call<{ data: Link[] }>(config, 'GET', `${incident}/links`);
      out(() => formatLinks(result.data), result);
      return EXIT.OK;
    }
    case 'incidents unlink': {
      await call(config, 'DELETE', `${incident}/links/${encodeURIComponent(command.link)}`);
      out(() => `removed link ${command.link}`, { removed: command.link });
      return EXIT.OK;
    }
  }
}
