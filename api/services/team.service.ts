import type { EntityManager as AnyEntityManager } from '@mikro-orm/core';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  EscalationPolicyEntity,
  ScheduleEntity,
  TeamEntity,
  TeamMemberEntity,
  UserEntity,
  type Team,
} from '../../shared/db/entities/index.ts';
import { existingIds } from '../../shared/db/access/existing-ids.ts';
import { lockOrganization } from '../../shared/db/access/organizations.ts';
import { policiesPagingTeam } from '../../shared/db/access/teams.ts';
import { MAX_TEAM_MEMBERS, type TeamRole } from '../../shared/domain/teams.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { CreateTeamInput, TeamView, UpdateTeamInput } from '../schemas/team.schemas.ts';

export type TeamService = ReturnType<typeof createTeamService>;

/**
 * 422 unless `teamId` (when given) is a team the manager can see: a request's manager sees its
 * organization's only. For the `team_id` of integrations, routing rules, schedules and policies.
 */
export async function assertOwnerTeam(em: AnyEntityManager, teamId: string | null | undefined, path = 'body.team_id'): Promise<void> {
  if (teamId && !(await em.count(TeamEntity, { id: teamId })))
    throw new ValidationError([{ path, message: 'no such team in this organization' }]);
}

const duplicateName = (name: string) => new ConflictError(`A team named ${JSON.stringify(name)} already exists`);

/**
 * Teams (Grafana OnCall's and PagerDuty's): members, a default escalation policy and the schedules
 * they own, within the caller's organization (the tenant filter). Names are unique ignoring case.
 */
export function createTeamService(deps: { em: () => EntityManager }) {
  const load = async (em: EntityManager, id: string) => {
    const team = await em.findOne(TeamEntity, { id });
    if (!team) throw new NotFoundError('Team');
    return team;
  };

  const views = async (em: EntityManager, teams: Team[]): Promise<TeamView[]> => {
    if (teams.length === 0) return [];
    const ids = teams.map((team) => team.id);
    const members = await em.find(TeamMemberEntity, { teamId: { $in: ids } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const users = new Map(
      (await em.find(UserEntity, { id: { $in: [...new Set(members.map((m) => m.userId))] } }, { fields: ['id', 'name', 'email'] })).map(
        (user) => [user.id, user],
      ),
    );
    const schedules = await em.find(
      ScheduleEntity,
      { teamId: { $in: ids } },
      { fields: ['id', 'teamId'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return teams.map((team) => ({
      id: team.id,
      name: team.name,
      description: team.description ?? null,
      default_escalation_policy_id: team.defaultEscalationPolicyId ?? null,
      members: members
        .filter((member) => member.teamId === team.id && users.has(member.userId))
        .map((member) => ({
          user_id: member.userId,
          name: users.get(member.userId)?.name ?? '',
          email: users.get(member.userId)?.email ?? '',
          role: member.role,
          added_at: member.createdAt.toISOString(),
        })),
      schedule_ids: schedules.filter((schedule) => schedule.teamId === team.id).map((schedule) => schedule.id),
      created_at: team.createdAt.toISOString(),
      updated_at: team.updatedAt.toISOString(),
    }));
  };
  const view = async (em: EntityManager, team: Team) => (await views(em, [team]))[0] as TeamView;

  const assertPolicy = async (em: EntityManager, policyId: string | null | undefined) => {
    if (policyId && !(await em.count(EscalationPolicyEntity, { id: policyId })))
      throw new ValidationError([{ path: 'body.default_escalation_policy_id', message: 'no such escalation policy in this organization' }]);
  };

  const assertMembers = async (em: EntityManager, userIds: string[], path: (index: number) => string) => {
    const found = await existingIds(em, UserEntity, userIds);
    const errors = userIds.flatMap((id, index) =>
      found.has(id) ? [] : [{ path: path(index), message: 'no such member in this organization' }],
    );
    const seen = new Set<string>();
    userIds.forEach((id, index) => {
      if (seen.has(id)) errors.push({ path: path(index), message: 'listed twice' });
      seen.add(id);
    });
    if (errors.length) throw new ValidationError(errors);
  };

  /** Flushes, answering 409 when the name is taken (the unique index decides, so concurrent writes cannot both win). */
  const flushNamed = async (em: EntityManager, name: string) => {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw duplicateName(name);
      throw error;
    }
  };

  return {
    async list(_auth: AuthContext, query: { limit: number; offset: number; user_id?: string }) {
      const em = deps.em();
      const where = query.user_id
        ? { id: { $in: (await em.find(TeamMemberEntity, { userId: query.user_id }, { fields: ['teamId'] })).map((m) => m.teamId) } }
        : {};
      const [items, total] = await em.findAndCount(TeamEntity, where, {
        orderBy: { name: 'asc', id: 'asc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items: await views(em, items), total };
    },

    async get(_auth: AuthContext, id: string) {
      const em = deps.em();
      return view(em, await load(em, id));
    },

    async create(auth: AuthContext, input: CreateTeamInput) {
      return deps.em().transactional(async (em) => {
        await assertPolicy(em, input.default_escalation_policy_id);
        await assertMembers(
          em,
          input.members.map((member) => member.user_id),
          (index) => `body.members.${index}.user_id`,
        );
        const team = em.create(TeamEntity, {
          organization: auth.organizationId,
          name: input.name,
          description: input.description ?? null,
          defaultEscalationPolicyId: input.default_escalation_policy_id ?? null,
        });
        // The team row first: its members' rows reference it.
        await flushNamed(em, input.name);
        for (const member of input.members)
          em.create(TeamMemberEntity, { organization: auth.organizationId, teamId: team.id, userId: member.user_id, role: member.role });
        await em.flush();
        return view(em, team);
      });
    },

    async update(_auth: AuthContext, id: string, input: UpdateTeamInput) {
      return deps.em().transactional(async (em) => {
        const team = await load(em, id);
        await assertPolicy(em, input.default_escalation_policy_id);
        if (input.name !== undefined) team.name = input.name;
        if (input.description !== undefined) team.description = input.description;
        if (input.default_escalation_policy_id !== undefined) team.defaultEscalationPolicyId = input.default_escalation_policy_id;
        await flushNamed(em, team.name);
        return view(em, team);
      });
    },

    /** Adds a member, or changes the role of one already in the team (idempotent). */
    async addMember(auth: AuthContext, id: string, input: { user_id: string; role: TeamRole }) {
      return deps.em().transactional(async (em) => {
        const team = await load(em, id);
        await assertMembers(em, [input.user_id], () => 'body.user_id');
        const existing = await em.findOne(TeamMemberEntity, { teamId: id, userId: input.user_id });
        if (existing) existing.role = input.role;
        else {
          if ((await em.count(TeamMemberEntity, { teamId: id })) >= MAX_TEAM_MEMBERS)
            throw new ConflictError(`A team has at most ${MAX_TEAM_MEMBERS} members; remove some first`);
          em.create(TeamMemberEntity, { organization: auth.organizationId, teamId: id, userId: input.user_id, role: input.role });
        }
        await em.flush();
        return view(em, team);
      });
    },

    async removeMember(_auth: AuthContext, id: string, userId: string) {
      return deps.em().transactional(async (em) => {
        const team = await load(em, id);
        const member = await em.findOne(TeamMemberEntity, { teamId: id, userId });
        if (!member) throw new NotFoundError('Team member');
        em.remove(member);
        await em.flush();
        return view(em, team);
      });
    },

    /**
     * Refused (409, naming them) while an escalation policy pages the team: its levels would page
     * nobody. What the team owns goes back to the organization (the foreign keys clear `team_id`).
     * The organization lock orders this after a concurrent policy write.
     */
    async remove(auth: AuthContext, id: string) {
      await deps.em().transactional(async (em) => {
        await lockOrganization(em, auth.organizationId);
        const team = await load(em, id);
        const policies = await policiesPagingTeam(em, auth.organizationId, id);
        if (policies.length > 0)
          throw new ConflictError(
            `Escalation policies page this team (${policies.map((policy) => JSON.stringify(policy.name)).join(', ')}): take it out of their levels first`,
          );
        em.remove(team);
        await em.flush();
      });
    },
  };
}
