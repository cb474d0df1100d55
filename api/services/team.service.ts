import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { TeamRecord, TeamStore } from '../../shared/db/access/teams.ts';
import { MAX_TEAM_MEMBERS, type TeamRole } from '../../shared/domain/teams.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { CreateTeamInput, TeamView, UpdateTeamInput } from '../schemas/team.schemas.ts';

export type TeamService = ReturnType<typeof createTeamService>;

const duplicateName = (name: string) => new ConflictError(`A team named ${JSON.stringify(name)} already exists`);

/** Answers 409 when the name is taken (the unique index decides, so concurrent writes cannot both win). */
async function named<T>(name: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw duplicateName(name);
    throw error;
  }
}

/**
 * Teams (Grafana OnCall's and PagerDuty's): members, a default escalation policy and the schedules
 * they own, within the caller's organization. Names are unique ignoring case.
 */
export function createTeamService(deps: { teams: () => TeamStore }) {
  const load = async (store: TeamStore, organizationId: string, id: string) => {
    const team = await store.find(organizationId, id);
    if (!team) throw new NotFoundError('Team');
    return team;
  };

  const views = async (store: TeamStore, organizationId: string, teams: TeamRecord[]): Promise<TeamView[]> => {
    if (teams.length === 0) return [];
    const ids = teams.map((team) => team.id);
    const [members, schedules] = [await store.membersOf(organizationId, ids), await store.schedulesOf(organizationId, ids)];
    return teams.map((team) => ({
      id: team.id,
      name: team.name,
      description: team.description,
      default_escalation_policy_id: team.defaultEscalationPolicyId,
      members: members
        .filter((member) => member.teamId === team.id)
        .map((member) => ({
          user_id: member.userId,
          name: member.name,
          email: member.email,
          role: member.role,
          added_at: new Date(member.addedAt).toISOString(),
        })),
      schedule_ids: schedules.filter((schedule) => schedule.teamId === team.id).map((schedule) => schedule.id),
      created_at: team.createdAt.toISOString(),
      updated_at: team.updatedAt.toISOString(),
    }));
  };
  const view = async (store: TeamStore, organizationId: string, team: TeamRecord) =>
    (await views(store, organizationId, [team]))[0] as TeamView;

  const assertPolicy = async (store: TeamStore, organizationId: string, policyId: string | null | undefined) => {
    if (policyId && !(await store.isPolicy(organizationId, policyId)))
      throw new ValidationError([{ path: 'body.default_escalation_policy_id', message: 'no such escalation policy in this organization' }]);
  };

  const assertMembers = async (store: TeamStore, organizationId: string, userIds: string[], path: (index: number) => string) => {
    const found = await store.existingUsers(organizationId, userIds);
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

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number; user_id?: string }) {
      const store = deps.teams();
      const { items, total } = await store.list(auth.organizationId, { limit: query.limit, offset: query.offset, userId: query.user_id });
      return { items: await views(store, auth.organizationId, items), total };
    },

    async get(auth: AuthContext, id: string) {
      const store = deps.teams();
      return view(store, auth.organizationId, await load(store, auth.organizationId, id));
    },

    async create(auth: AuthContext, input: CreateTeamInput) {
      const organizationId = auth.organizationId;
      return deps.teams().transaction(async (store) => {
        await assertPolicy(store, organizationId, input.default_escalation_policy_id);
        await assertMembers(
          store,
          organizationId,
          input.members.map((member) => member.user_id),
          (index) => `body.members.${index}.user_id`,
        );
        const team = await named(
          input.name,
          store.insert(
            organizationId,
            {
              name: input.name,
              description: input.description ?? null,
              defaultEscalationPolicyId: input.default_escalation_policy_id ?? null,
            },
            input.members.map((member) => ({ userId: member.user_id, role: member.role })),
          ),
        );
        return view(store, organizationId, team);
      });
    },

    async update(auth: AuthContext, id: string, input: UpdateTeamInput) {
      const organizationId = auth.organizationId;
      return deps.teams().transaction(async (store) => {
        const team = await load(store, organizationId, id);
        await assertPolicy(store, organizationId, input.default_escalation_policy_id);
        const updated = await named(
          input.name ?? team.name,
          store.update(organizationId, id, {
            name: input.name,
            description: input.description,
            defaultEscalationPolicyId: input.default_escalation_policy_id,
          }),
        );
        return view(store, organizationId, updated ?? team);
      });
    },

    /** Adds a member, or changes the role of one already in the team (idempotent). */
    async addMember(auth: AuthContext, id: string, input: { user_id: string; role: TeamRole }) {
      const organizationId = auth.organizationId;
      return deps.teams().transaction(async (store) => {
        const team = await load(store, organizationId, id);
        await assertMembers(store, organizationId, [input.user_id], () => 'body.user_id');
        if (!(await store.isMember(organizationId, id, input.user_id)) && (await store.memberCount(organizationId, id)) >= MAX_TEAM_MEMBERS)
          throw new ConflictError(`A team has at most ${MAX_TEAM_MEMBERS} members; remove some first`);
        await store.putMember(organizationId, id, input.user_id, input.role);
        return view(store, organizationId, team);
      });
    },

    async removeMember(auth: AuthContext, id: string, userId: string) {
      const organizationId = auth.organizationId;
      return deps.teams().transaction(async (store) => {
        const team = await load(store, organizationId, id);
        if (!(await store.removeMember(organizationId, id, userId))) throw new NotFoundError('Team member');
        return view(store, organizationId, team);
      });
    },

    /**
     * Refused (409, naming them) while an escalation policy pages the team: its levels would page
     * nobody. What the team owns goes back to the organization (the foreign keys clear `team_id`).
     * The organization lock orders this after a concurrent policy write.
     */
    async remove(auth: AuthContext, id: string) {
      const organizationId = auth.organizationId;
      await deps.teams().transaction(async (store) => {
        await store.lockOrganization(organizationId);
        await load(store, organizationId, id);
        const policies = await store.policiesPaging(organizationId, id);
        if (policies.length > 0)
          throw new ConflictError(
            `Escalation policies page this team (${policies.map((policy) => JSON.stringify(policy.name)).join(', ')}): take it out of their levels first`,
          );
        await store.remove(organizationId, id);
      });
    },
  };
}
