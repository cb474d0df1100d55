import type { components } from '../typescript/schema.d.ts';
import { createApi, unwrap } from './api.ts';
import type { Command } from './args.ts';
import type { CliIo } from './io.ts';
import type { CliConfig } from './config-store.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import { table } from './output.ts';

type TeamCommand = Extract<Command, { name: `team ${string}` }>;

type Team = components['schemas']['Team'];

export function formatTeamList(teams: Team[]): string {
  if (teams.length === 0) return 'No team.';
  return table(
    ['ID', 'NAME', 'MEMBERS', 'SCHEDULES', 'DEFAULT POLICY'],
    teams.map((t) => [t.id, t.name, String(t.members.length), String(t.schedule_ids.length), t.default_escalation_policy_id ?? '-']),
  );
}

/** One team: its name, then a line per member (managers marked). */
export function formatTeam(team: Team): string {
  const members = team.members.map((m) => `  ${m.name} <${m.email}>${m.role === 'manager' ? ' (manager)' : ''}`);
  return [`team ${team.id} ${team.name}: ${team.members.length} member(s)`, ...members].join('\n');
}

export async function runTeamCommand(command: TeamCommand, json: boolean, io: CliIo, config: CliConfig): Promise<ExitCode> {
  const api = createApi(config);
  const out = (human: () => string, machine: unknown) => io.stdout(json ? JSON.stringify(machine, null, 2) : human());
  switch (command.name) {
    case 'team list': {
      const page = await unwrap(config.url, api.GET('/api/v1/teams', { params: { query: { limit: command.limit } } }));
      out(() => formatTeamList(page.data), page);
      return EXIT.OK;
    }
    case 'team create': {
      const { data } = await unwrap(
        config.url,
        api.POST('/api/v1/teams', {
          body: {
            name: command.teamName,
            members: command.members.map((userId) => ({ user_id: userId })),
            ...(command.defaultPolicy ? { default_escalation_policy_id: command.defaultPolicy } : {}),
          },
        }),
      );
      out(() => formatTeam(data), data);
      return EXIT.OK;
    }
    case 'team add-member': {
      const { data } = await unwrap(
        config.url,
        api.POST('/api/v1/teams/{id}/members', {
          params: { path: { id: command.teamId } },
          body: { user_id: command.userId, role: command.role },
        }),
      );
      out(() => formatTeam(data), data);
      return EXIT.OK;
    }
  }
}
