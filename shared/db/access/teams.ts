import type { EntityManager } from '@mikro-orm/postgresql';
import type { TeamRole, TeamRoster } from '../../domain/teams.ts';
import { EscalationPolicyEntity, ScheduleEntity, TeamEntity, TeamMemberEntity, UserEntity, type Team } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { lockOrganization } from './organizations.ts';

/**
 * A team's schedules and members, as a level that pages the team reads them (schedules oldest
 * first, members in the order they joined); null when it is not the organization's.
 */
export async function teamRoster(em: EntityManager, organizationId: string, teamId: string): Promise<TeamRoster | null> {
  const [row] = await em.execute<Array<{ schedule_ids: string[]; member_ids: string[] }>>(
    `select
       array(select s.id from schedules s where s.organization_id = t.organization_id and s.team_id = t.id
             order by s.created_at, s.id) as schedule_ids,
       array(select m.user_id from team_members m where m.organization_id = t.organization_id and m.team_id = t.id
             order by m.created_at, m.id) as member_ids
     from teams t where t.id = ? and t.organization_id = ?`,
    [teamId, organizationId],
  );
  return row ? { scheduleIds: row.schedule_ids.map(String), memberIds: row.member_ids.map(String) } : null;
}

/** The organization's escalation policies with a level that pages the team, by name. */
export async function policiesPagingTeam(
  em: EntityManager,
  organizationId: string,
  teamId: string,
): Promise<Array<{ id: string; name: string }>> {
  return em.execute(
    `select p.id, p.name from escalation_policies p
     where p.organization_id = ? and p.levels::jsonb @> ?::jsonb
     order by p.name, p.id`,
    [organizationId, JSON.stringify([{ targets: [{ type: 'team', id: teamId }] }])],
  );
}

/** A team as stored. */
export interface TeamRecord {
  id: string;
  name: string;
  description: string | null;
  defaultEscalationPolicyId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A member of a team, by their account's name and email. */
export interface TeamMemberRecord {
  teamId: string;
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  addedAt: Date;
}

export type TeamFields = Pick<TeamRecord, 'name' | 'description' | 'defaultEscalationPolicyId'>;

/** Every read and write is confined to the organization given. */
export interface TeamStore {
  /** Runs `work` in one transaction: what it writes is kept only if it returns. */
  transaction<T>(work: (store: TeamStore) => Promise<T>): Promise<T>;
  /** Holds the organization's row until the transaction ends: team and policy writes take turns. */
  lockOrganization(organizationId: string): Promise<void>;
  /** By name; only the teams `userId` is a member of, when given. */
  list(organizationId: string, page: { limit: number; offset: number; userId?: string }): Promise<{ items: TeamRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<TeamRecord | undefined>;
  /** Members of the teams in the order they joined. */
  membersOf(organizationId: string, teamIds: readonly string[]): Promise<TeamMemberRecord[]>;
  /** The schedules the teams own, oldest first. */
  schedulesOf(organizationId: string, teamIds: readonly string[]): Promise<Array<{ id: string; teamId: string }>>;
  isPolicy(organizationId: string, policyId: string): Promise<boolean>;
  /** Which of `userIds` are members of the organization. */
  existingUsers(organizationId: string, userIds: readonly string[]): Promise<Set<string>>;
  /** Raises a unique violation when the name is taken, ignoring case. */
  insert(organizationId: string, fields: TeamFields, members: ReadonlyArray<{ userId: string; role: TeamRole }>): Promise<TeamRecord>;
  /** Raises a unique violation when the new name is taken, ignoring case. */
  update(organizationId: string, id: string, changes: Partial<TeamFields>): Promise<TeamRecord | undefined>;
  memberCount(organizationId: string, teamId: string): Promise<number>;
  isMember(organizationId: string, teamId: string, userId: string): Promise<boolean>;
  /** Adds the member, or changes their role when they are one. */
  putMember(organizationId: string, teamId: string, userId: string, role: TeamRole): Promise<void>;
  /** False when they were not a member. */
  removeMember(organizationId: string, teamId: string, userId: string): Promise<boolean>;
  /** What the team owns goes back to the organization (the foreign keys clear `team_id`). */
  remove(organizationId: string, id: string): Promise<void>;
  policiesPaging(organizationId: string, teamId: string): Promise<Array<{ id: string; name: string }>>;
}

const teamRecord = (team: Team): TeamRecord => ({
  id: team.id,
  name: team.name,
  description: team.description ?? null,
  defaultEscalationPolicyId: team.defaultEscalationPolicyId ?? null,
  createdAt: team.createdAt,
  updatedAt: team.updatedAt,
});

/** The organization's teams (`teams`) and their members (`team_members`). */
export function createTeamStore(em: EntityManager): TeamStore {
  const findTeam = (organizationId: string, id: string) => em.findOne(TeamEntity, { id, organization: organizationId }, unscoped);
  return {
    transaction: (work) => em.transactional((tx) => work(createTeamStore(tx))),

    lockOrganization: (organizationId) => lockOrganization(em, organizationId),

    async list(organizationId, page) {
      const where = page.userId
        ? {
            organization: organizationId,
            id: {
              $in: (
                await em.find(TeamMemberEntity, { organization: organizationId, userId: page.userId }, { ...unscoped, fields: ['teamId'] })
              ).map((member) => member.teamId),
            },
          }
        : { organization: organizationId };
      const [items, total] = await em.findAndCount(TeamEntity, where, {
        ...unscoped,
        orderBy: { name: 'asc', id: 'asc' },
        limit: page.limit,
        offset: page.offset,
      });
      return { items: items.map(teamRecord), total };
    },

    async find(organizationId, id) {
      const team = await findTeam(organizationId, id);
      return team ? teamRecord(team) : undefined;
    },

    async membersOf(organizationId, teamIds) {
      if (teamIds.length === 0) return [];
      return em.execute<TeamMemberRecord[]>(
        `select m.team_id as "teamId", m.user_id as "userId", u.name, u.email, m.role, m.created_at as "addedAt"
         from team_members m join users u on u.id = m.user_id and u.organization_id = m.organization_id
         where m.organization_id = ? and m.team_id in (select value::uuid from jsonb_array_elements_text(?::jsonb))
         order by m.created_at, m.id`,
        [organizationId, JSON.stringify(teamIds)],
      );
    },

    async schedulesOf(organizationId, teamIds) {
      if (teamIds.length === 0) return [];
      const schedules = await em.find(
        ScheduleEntity,
        { organization: organizationId, teamId: { $in: [...teamIds] } },
        { ...unscoped, fields: ['id', 'teamId'], orderBy: { createdAt: 'asc', id: 'asc' } },
      );
      return schedules.map((schedule) => ({ id: schedule.id, teamId: schedule.teamId as string }));
    },

    async isPolicy(organizationId, policyId) {
      return (await em.count(EscalationPolicyEntity, { id: policyId, organization: organizationId }, unscoped)) > 0;
    },

    async existingUsers(organizationId, userIds) {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return new Set();
      const users = await em.find(UserEntity, { organization: organizationId, id: { $in: unique } }, { ...unscoped, fields: ['id'] });
      return new Set(users.map((user) => user.id));
    },

    async insert(organizationId, fields, members) {
      const team = em.create(TeamEntity, { organization: organizationId, ...fields });
      // The team row first: its members' rows reference it. Members of the organization only.
      await em.flush();
      if (members.length > 0)
        await em.execute(
          `insert into team_members (id, organization_id, team_id, user_id, role, created_at)
           select m.id, u.organization_id, ?, u.id, m.role, now()
           from jsonb_to_recordset(?::jsonb) as m(id uuid, user_id uuid, role text) join users u on u.id = m.user_id and u.organization_id = ?`,
          [team.id, JSON.stringify(members.map((member) => ({ id: uuidv7(), user_id: member.userId, role: member.role }))), organizationId],
          'run',
        );
      return teamRecord(team);
    },

    async update(organizationId, id, changes) {
      const team = await findTeam(organizationId, id);
      if (!team) return undefined;
      if (changes.name !== undefined) team.name = changes.name;
      if (changes.description !== undefined) team.description = changes.description;
      if (changes.defaultEscalationPolicyId !== undefined) team.defaultEscalationPolicyId = changes.defaultEscalationPolicyId;
      await em.flush();
      return teamRecord(team);
    },

    memberCount: (organizationId, teamId) => em.count(TeamMemberEntity, { organization: organizationId, teamId }, unscoped),

    async isMember(organizationId, teamId, userId) {
      return (await em.count(TeamMemberEntity, { organization: organizationId, teamId, userId }, unscoped)) > 0;
    },

    async putMember(organizationId, teamId, userId, role) {
      // Only a team and a member of the organization: nothing happens otherwise.
      await em.execute(
        `insert into team_members (id, organization_id, team_id, user_id, role, created_at)
         select ?, t.organization_id, t.id, u.id, ?, now()
         from teams t join users u on u.id = ? and u.organization_id = t.organization_id
         where t.id = ? and t.organization_id = ?
         on conflict (team_id, user_id) do update set role = excluded.role`,
        [uuidv7(), role, userId, teamId, organizationId],
        'run',
      );
    },

    async removeMember(organizationId, teamId, userId) {
      return (await em.nativeDelete(TeamMemberEntity, { organization: organizationId, teamId, userId }, unscoped)) > 0;
    },

    async remove(organizationId, id) {
      await em.nativeDelete(TeamEntity, { id, organization: organizationId }, unscoped);
    },

    policiesPaging: (organizationId, teamId) => policiesPagingTeam(em, organizationId, teamId),
  };
}
