import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, expectOk, unwrap, type Schemas } from '../lib/api.ts';
import { FieldErrors, Time } from './ui.tsx';

export type RoleHolder = Schemas['IncidentRoleAssignment'];
type Priority = NonNullable<Schemas['IncidentDetail']['priority']>;

export const PRIORITIES: readonly Priority[] = ['P1', 'P2', 'P3', 'P4', 'P5'];

/**
 * Who holds which incident role (commander, communications lead, scribe, custom ones), and a form
 * to hand a role to a member: a new holder other than you is paged through their notification rules.
 */
export function IncidentRoles({
  incidentId,
  holders,
  members,
  writable,
  resolved,
}: {
  incidentId: string;
  holders: RoleHolder[];
  members: ReadonlyArray<{ id: string; name: string }>;
  writable: boolean;
  resolved: boolean;
}) {
  const queryClient = useQueryClient();
  const roles = useQuery({
    queryKey: ['incident-roles'],
    queryFn: async () => unwrap(await api.GET('/api/v1/incident-roles')).data,
    staleTime: 60_000,
  });
  const [roleKey, setRoleKey] = useState('incident_commander');
  const [userId, setUserId] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['incident', incidentId] });
  const assign = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT('/api/v1/incidents/{id}/roles/{role}', {
          params: { path: { id: incidentId, role: roleKey } },
          body: { user_id: userId },
        }),
      ).data,
    onSuccess: refresh,
  });
  const unassign = useMutation({
    mutationFn: async (key: string) =>
      expectOk(await api.DELETE('/api/v1/incidents/{id}/roles/{role}', { params: { path: { id: incidentId, role: key } } })),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (userId) assign.mutate();
  };
  const editable = writable && !resolved;
  return (
    <section className="card" aria-labelledby="roles-title">
      <h2 id="roles-title">Roles</h2>
      {holders.length === 0 ? (
        <p className="muted">Nobody holds a role yet.</p>
      ) : (
        <ul className="list" aria-label="Role holders">
          {holders.map((holder) => (
            <li key={holder.role_key} className="row">
              <span>
                <strong>{holder.role_name}</strong>: {holder.user_name ?? holder.user_id}{' '}
                <span className="muted small">
                  since <Time iso={holder.assigned_at} />
                </span>
              </span>
              <span className="spacer" />
              {editable ? (
                <button type="button" onClick={() => unassign.mutate(holder.role_key)} aria-label={`Unassign ${holder.role_name}`}>
                  Unassign
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <form className="row" onSubmit={submit} aria-label="Assign a role">
          <label>
            Role{' '}
            <select value={roleKey} onChange={(event) => setRoleKey(event.target.value)}>
              {(roles.data ?? []).map((role) => (
                <option key={role.key} value={role.key}>
                  {role.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Member{' '}
            <select value={userId} onChange={(event) => setUserId(event.target.value)}>
              <option value="">Choose…</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={!userId || assign.isPending}>
            Assign
          </button>
          {assign.data ? (
            <span className="small" role="status">
              {assign.data.user_name ?? 'They'} {assign.data.paged ? 'is paged now' : 'holds the role'}
            </span>
          ) : null}
        </form>
      ) : null}
      <FieldErrors error={assign.error ?? unassign.error} />
    </section>
  );
}

/** The incident's priority (P1 most pressing to P5) beside its severity. */
export function IncidentPriority({ incidentId, priority, writable }: { incidentId: string; priority: Priority | null; writable: boolean }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: async (value: Priority | null) =>
      unwrap(await api.PATCH('/api/v1/incidents/{id}', { params: { path: { id: incidentId } }, body: { priority: value } })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['incident', incidentId] });
      void queryClient.invalidateQueries({ queryKey: ['incidents'] });
    },
  });
  if (!writable) return priority ? <span className="badge">{priority}</span> : null;
  return (
    <label className="small">
      Priority{' '}
      <select
        value={priority ?? ''}
        onChange={(event) => change.mutate(PRIORITIES.find((value) => value === event.target.value) ?? null)}
        disabled={change.isPending}
      >
        <option value="">None</option>
        {PRIORITIES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      <FieldErrors error={change.error} />
    </label>
  );
}
