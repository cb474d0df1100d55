import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api, temporalWorkflowUrl, unwrap } from '../lib/api.ts';
import { useLive } from '../lib/realtime.tsx';
import { usePolicies, useRoutingRules } from '../lib/paging.ts';
import { memberName, useMembers } from '../lib/schedules.ts';
import { KIND_TITLES, type ContactKind, type DeliveredPage } from '../lib/channels.ts';
import { ErrorState, FieldErrors, Loading, TableHead, Time } from './ui.tsx';
import { IncidentSnooze } from './IncidentSnooze.tsx';

/** A page's delivery: sent (when), failed (why), or under way; and whether it was sent again after a worker stopped mid-send. */
function PageDelivery({ page }: { page: DeliveredPage }) {
  const badge = page.status === 'sent' ? 'completed' : page.status === 'failed' ? 'failed' : 'pending';
  return (
    <>
      <span className={`badge st-${badge}`}>{page.status}</span>
      {page.status === 'sent' && page.sent_at ? (
        <span className="muted small">
          {' '}
          <Time iso={page.sent_at} />
        </span>
      ) : null}
      {page.resent_at ? (
        <div className="small">
          Resent after an interrupted send
          {page.attempts && page.attempts > 1 ? ` (${page.attempts} attempts)` : ''}, <Time iso={page.resent_at} />
        </div>
      ) : null}
      {page.error ? <div className="small">{page.error}</div> : null}
    </>
  );
}

const ENDED: Record<string, string> = {
  acknowledged: 'Ended: acknowledged',
  resolved: 'Ended: resolved',
  exhausted: 'Ended: every round paged, nobody acknowledged',
  no_policy: 'No escalation policy applied',
  reassigned: 'Ended: reassigned',
};

/**
 * Reassign to a member (paged at once, until they acknowledge) or to a policy (from level 1): a
 * new escalation cycle. The value is `user:<id>` or `policy:<id>`.
 */
function Reassign({ incidentId, onDone }: { incidentId: string; onDone: () => void }) {
  const members = useMembers();
  const policies = usePolicies();
  const [target, setTarget] = useState('');
  const reassign = useMutation({
    mutationFn: async () => {
      const [kind, id] = target.split(':') as ['user' | 'policy', string];
      const body = kind === 'user' ? { user_id: id } : { escalation_policy_id: id };
      return unwrap(await api.POST('/api/v1/incidents/{id}/reassign', { params: { path: { id: incidentId } }, body })).data;
    },
    onSuccess: () => {
      setTarget('');
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target) reassign.mutate();
  };
  return (
    <form className="row" onSubmit={submit} aria-label="Reassign">
      <label>
        Reassign to{' '}
        <select value={target} onChange={(event) => setTarget(event.target.value)}>
          <option value="">Choose a member or a policy</option>
          <optgroup label="Members (paged at once)">
            {(members.data ?? []).map((member) => (
              <option key={member.id} value={`user:${member.id}`}>
                {member.name || member.email}
              </option>
            ))}
          </optgroup>
          <optgroup label="Escalation policies (from level 1)">
            {(policies.data ?? []).map((policy) => (
              <option key={policy.id} value={`policy:${policy.id}`}>
                {policy.name}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      <button type="submit" disabled={!target || reassign.isPending}>
        Reassign
      </button>
      <FieldErrors error={reassign.error} />
    </form>
  );
}

/**
 * The incident's escalation: policy, level and round, the next escalation time and every page,
 * with Acknowledge, Escalate now and Reassign. `escalation.updated` and `page.sent` events re-read it
 * (lib/realtime.tsx); without the socket it polls while the escalation runs.
 */
export function IncidentEscalation({ incidentId, status, writable }: { incidentId: string; status: string; writable: boolean }) {
  const live = useLive();
  const queryClient = useQueryClient();
  const members = useMembers();
  const rules = useRoutingRules();
  const escalation = useQuery({
    queryKey: ['incident', incidentId, 'escalation'],
    queryFn: async () => unwrap(await api.GET('/api/v1/incidents/{id}/escalation', { params: { path: { id: incidentId } } })).data,
    // The workflow stops a moment after an acknowledgement, with no event of its own: poll until it has.
    refetchInterval: (query) => (!query.state.data?.running ? false : status !== 'active' ? 1_000 : live ? false : 5_000),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['incident', incidentId] });
  const acknowledge = useMutation({
    mutationFn: async () =>
      unwrap(await api.PATCH('/api/v1/incidents/{id}', { params: { path: { id: incidentId } }, body: { status: 'investigating' } })),
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['incidents'] });
    },
  });
  const escalate = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/incidents/{id}/escalate', { params: { path: { id: incidentId } } })).data,
    onSuccess: (state) => {
      queryClient.setQueryData(['incident', incidentId, 'escalation'], state);
      refresh();
    },
  });
  if (escalation.isPending)
    return (
      <section className="card" aria-labelledby="escalation-title">
        <h2 id="escalation-title">Escalation</h2>
        <Loading rows={2} label="Loading the escalation" />
      </section>
    );
  if (escalation.error)
    return (
      <section className="card" aria-labelledby="escalation-title">
        <h2 id="escalation-title">Escalation</h2>
        <ErrorState error={escalation.error} retry={() => void escalation.refetch()} />
      </section>
    );
  const state = escalation.data;
  if (!state.policy && state.pages.length === 0) {
    return (
      <section className="card" aria-labelledby="escalation-title">
        <h2 id="escalation-title">Escalation</h2>
        <p className="muted" style={{ margin: 0 }}>
          No escalation policy: members are notified as usual. <Link to="/escalation-policies">Escalation policies</Link>
        </p>
      </section>
    );
  }
  const levels = state.policy?.levels.length;
  const rounds = state.policy ? state.policy.repeat + 1 : undefined;
  return (
    <section className="card stack" aria-labelledby="escalation-title" data-testid="escalation">
      <h2 id="escalation-title" style={{ margin: 0 }}>
        Escalation
      </h2>
      <dl className="small" style={{ margin: 0 }}>
        <div>
          <dt className="muted" style={{ display: 'inline' }}>
            Policy:{' '}
          </dt>
          <dd style={{ display: 'inline', margin: 0 }}>{state.policy ? state.policy.name : 'A deleted policy'}</dd>
        </div>
        {state.routing_rule_id ? (
          <div>
            <dt className="muted" style={{ display: 'inline' }}>
              Routing rule:{' '}
            </dt>
            <dd style={{ display: 'inline', margin: 0 }}>
              {rules.data?.find((rule) => rule.id === state.routing_rule_id)?.name ?? 'A deleted rule'}
            </dd>
          </div>
        ) : null}
        {state.urgency ? (
          <div>
            <dt className="muted" style={{ display: 'inline' }}>
              Urgency:{' '}
            </dt>
            <dd style={{ display: 'inline', margin: 0 }}>{state.urgency}</dd>
          </div>
        ) : null}
        <div>
          <dt className="muted" style={{ display: 'inline' }}>
            State:{' '}
          </dt>
          <dd style={{ display: 'inline', margin: 0 }} data-testid="escalation-state">
            {state.running ? 'Paging' : state.ended ? ENDED[state.ended] : 'Not running'}
          </dd>
        </div>
        {state.level !== null ? (
          <div>
            <dt className="muted" style={{ display: 'inline' }}>
              Level:{' '}
            </dt>
            <dd style={{ display: 'inline', margin: 0 }} data-testid="escalation-level">
              {state.level}
              {levels ? ` of ${levels}` : ''}, round {state.round}
              {rounds ? ` of ${rounds}` : ''}
            </dd>
          </div>
        ) : null}
        {state.running && state.next_escalation_at ? (
          <div>
            <dt className="muted" style={{ display: 'inline' }}>
              Next escalation:{' '}
            </dt>
            <dd style={{ display: 'inline', margin: 0 }}>
              <Time iso={state.next_escalation_at} />
            </dd>
          </div>
        ) : null}
      </dl>
      {writable && state.running ? (
        <div className="row" role="group" aria-label="Escalation actions">
          {status === 'active' ? (
            <button type="button" className="primary" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
              Acknowledge
            </button>
          ) : null}
          <button type="button" disabled={escalate.isPending} onClick={() => escalate.mutate()}>
            Escalate now
          </button>
        </div>
      ) : null}
      <FieldErrors error={acknowledge.error ?? escalate.error} />
      {writable && status === 'investigating' ? (
        <IncidentSnooze
          incidentId={incidentId}
          snoozedUntil={(state as { snoozed_until?: string | null }).snoozed_until ?? null}
          onDone={refresh}
        />
      ) : null}
      {writable && status !== 'resolved' ? <Reassign incidentId={incidentId} onDone={refresh} /> : null}
      <h3 style={{ margin: 0 }}>Pages</h3>
      {state.pages.length === 0 ? (
        <p className="muted small" style={{ margin: 0 }}>
          Nobody paged yet.
        </p>
      ) : (
        <table aria-label="Pages">
          <TableHead columns={['Who', 'Level', 'Method', 'Delivery']} />
          <tbody>
            {state.pages.map((page) => (
              <tr key={page.id}>
                <td>
                  {memberName(members.data, page.user_id)}
                  <div className="muted small">
                    <Time iso={page.created_at} />
                  </div>
                </td>
                <td>
                  {page.level}
                  <span className="muted small"> (round {page.round})</span>
                </td>
                <td>{KIND_TITLES[page.method as ContactKind] ?? page.method}</td>
                <td>
                  <PageDelivery page={page} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="small" style={{ margin: 0 }}>
        <a
          href={temporalWorkflowUrl(state.cycle > 1 ? `escalation:${incidentId}:${state.cycle}` : `escalation:${incidentId}`)}
          target="_blank"
          rel="noreferrer"
        >
          Escalation workflow in Temporal UI
        </a>
      </p>
    </section>
  );
}
