import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, expectOk, unwrap } from '../lib/api.ts';
import { policyName, usePolicies, type EscalationPolicy } from '../lib/paging.ts';
import { useMembers, useSchedules, type Member, type Schedule } from '../lib/schedules.ts';
import { isAdmin, useUser } from '../lib/session.tsx';
import { TEAMS_KEY, useTeams, type Team } from '../lib/teams.ts';
import { CardForm, Empty, FieldErrors, PageHead, QueryCard } from '../components/ui.tsx';

/** Teams: their members, the schedules they own and the default policy their integrations page. */
export function TeamsPage() {
  const admin = isAdmin(useUser());
  const teams = useTeams();
  const members = useMembers();
  const policies = usePolicies();
  const schedules = useSchedules();
  return (
    <>
      <PageHead title="Teams" />
      {admin ? <NewTeam /> : null}
      <QueryCard query={teams} label="Loading teams">
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <Empty title="No team yet">
                A team groups people with their schedules and a default escalation policy; a policy level can page a whole team.
                {admin ? null : ' Owners and admins create them.'}
              </Empty>
            </div>
          ) : (
            <div className="stack">
              {list.map((team) => (
                <TeamCard
                  key={team.id}
                  team={team}
                  admin={admin}
                  members={members.data ?? []}
                  policies={policies.data ?? []}
                  schedules={schedules.data ?? []}
                />
              ))}
            </div>
          )
        }
      </QueryCard>
    </>
  );
}

function NewTeam() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/teams', { body: { name } })).data,
    onSuccess: () => {
      setName('');
      void queryClient.invalidateQueries({ queryKey: [TEAMS_KEY] });
    },
  });
  return (
    <CardForm title="New team" onSubmit={() => create.mutate()}>
      <label>
        Name
        <input required value={name} onChange={(event) => setName(event.target.value)} placeholder="Storage" />
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={create.isPending}>
          Create team
        </button>
      </div>
      <FieldErrors error={create.error} />
    </CardForm>
  );
}

function TeamCard({
  team,
  admin,
  members,
  policies,
  schedules,
}: {
  team: Team;
  admin: boolean;
  members: readonly Member[];
  policies: readonly EscalationPolicy[];
  schedules: readonly Schedule[];
}) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [TEAMS_KEY] });
  const [pick, setPick] = useState('');
  const [role, setRole] = useState<'member' | 'manager'>('member');
  const add = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/teams/{id}/members', { params: { path: { id: team.id } }, body: { user_id: pick, role } })).data,
    onSuccess: () => {
      setPick('');
      refresh();
    },
  });
  const removeMember = useMutation({
    mutationFn: async (userId: string) =>
      unwrap(await api.DELETE('/api/v1/teams/{id}/members/{user_id}', { params: { path: { id: team.id, user_id: userId } } })).data,
    onSuccess: refresh,
  });
  const setPolicy = useMutation({
    mutationFn: async (policyId: string) =>
      unwrap(
        await api.PATCH('/api/v1/teams/{id}', {
          params: { path: { id: team.id } },
          body: { default_escalation_policy_id: policyId || null },
        }),
      ).data,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async () => expectOk(await api.DELETE('/api/v1/teams/{id}', { params: { path: { id: team.id } } })),
    onSuccess: refresh,
  });
  const headingId = `team-${team.id}`;
  const inTeam = new Set(team.members.map((member) => member.user_id));
  const owned = schedules.filter((schedule) => team.schedule_ids.includes(schedule.id));
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <div className="row">
        <h2 id={headingId} style={{ margin: 0 }}>
          {team.name}
        </h2>
        <span className="spacer" style={{ flex: 1 }} />
        {admin ? (
          <button
            type="button"
            className="danger"
            aria-label={`Delete ${team.name}`}
            disabled={remove.isPending}
            onClick={() => window.confirm(`Delete team ${team.name}? What it owns goes back to the organization.`) && remove.mutate()}
          >
            Delete
          </button>
        ) : null}
      </div>
      <FieldErrors error={remove.error} />
      <label>
        Default escalation policy (for the team&apos;s integrations when routing chooses none)
        {admin ? (
          <select
            value={team.default_escalation_policy_id ?? ''}
            disabled={setPolicy.isPending}
            onChange={(event) => setPolicy.mutate(event.target.value)}
          >
            <option value="">None: the organization&apos;s default</option>
            {policies.map((policy) => (
              <option key={policy.id} value={policy.id}>
                {policy.name}
              </option>
            ))}
          </select>
        ) : (
          <span> {team.default_escalation_policy_id ? policyName(policies, team.default_escalation_policy_id) : 'None'}</span>
        )}
      </label>
      <FieldErrors error={setPolicy.error} />
      <div className="muted small">
        Schedules: {owned.length === 0 ? 'none (paging the team pages every member)' : owned.map((schedule) => schedule.name).join(', ')}
      </div>
      {team.members.length === 0 ? (
        <p className="muted small" style={{ margin: 0 }}>
          No members yet.
        </p>
      ) : (
        <ul className="list" aria-label={`Members of ${team.name}`}>
          {team.members.map((member) => (
            <li key={member.user_id} className="row">
              <span>
                {member.name} <span className="muted small">{member.email}</span>
                {member.role === 'manager' ? <span className="badge">manager</span> : null}
              </span>
              {admin ? (
                <button
                  type="button"
                  className="ghost"
                  aria-label={`Remove ${member.name} from ${team.name}`}
                  disabled={removeMember.isPending}
                  onClick={() => removeMember.mutate(member.user_id)}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {admin ? (
        <div className="field-row">
          <label>
            Add a member to {team.name}
            <select value={pick} onChange={(event) => setPick(event.target.value)}>
              <option value="">Choose a member</option>
              {members
                .filter((member) => !inTeam.has(member.id))
                .map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
            </select>
          </label>
          <label>
            Role
            <select value={role} onChange={(event) => setRole(event.target.value === 'manager' ? 'manager' : 'member')}>
              <option value="member">member</option>
              <option value="manager">manager</option>
            </select>
          </label>
          <div style={{ alignSelf: 'end' }}>
            <button type="button" onClick={() => add.mutate()} disabled={!pick || add.isPending}>
              Add to team
            </button>
          </div>
        </div>
      ) : null}
      <FieldErrors error={add.error ?? removeMember.error} />
    </section>
  );
}
