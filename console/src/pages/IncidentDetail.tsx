import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, temporalWorkflowUrl, unwrap, type IncidentDetail } from '../lib/api.ts';
import { alertBucketWorkflowId } from '../lib/alert-bucket.ts';
import { useLive } from '../lib/realtime.tsx';
import { canWrite, useUser } from '../lib/session.tsx';
import { IncidentAlerts } from '../components/IncidentAlerts.tsx';
import { IncidentEscalation } from '../components/IncidentEscalation.tsx';
import { IncidentResponders } from '../components/IncidentResponders.tsx';
import { IncidentStatusUpdates } from '../components/IncidentStatusUpdates.tsx';
import { Badge, Empty, ErrorState, Loading, QueryCard, Time } from '../components/ui.tsx';
import { SilenceSimilar } from '../components/SilenceSimilar.tsx';
import { IncidentPriority, IncidentRoles } from '../components/IncidentRoles.tsx';
import { IncidentLinks, IncidentMerges } from '../components/IncidentMerge.tsx';

type Status = IncidentDetail['status'];

export function IncidentDetailPage() {
  const { id = '' } = useParams();
  const incident = useQuery({
    queryKey: ['incident', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/incidents/{id}', { params: { path: { id } } })).data,
  });
  return (
    <QueryCard query={incident} label="Loading the incident" rows={6}>
      {(data) => <IncidentView incident={data} />}
    </QueryCard>
  );
}

function IncidentView({ incident }: { incident: IncidentDetail }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const writable = canWrite(user);
  const update = useMutation({
    mutationFn: async (body: { status?: Status; assignee_id?: string | null }) =>
      unwrap(await api.PATCH('/api/v1/incidents/{id}', { params: { path: { id: incident.id } }, body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['incident', incident.id] });
      void queryClient.invalidateQueries({ queryKey: ['incidents'] });
    },
  });
  const users = useQuery({
    queryKey: ['users'],
    queryFn: async () => unwrap(await api.GET('/api/v1/users', { params: { query: { limit: 100 } } })).data,
    staleTime: 60_000,
  });
  const assignee = users.data?.find((candidate) => candidate.id === incident.assignee_id);
  const alerts = incident.timeline.filter((entry) => entry.type === 'alert');
  const { priority, roles, merged_into: mergedInto } = incident;
  const ingestionWorkflow =
    incident.integration_id && incident.fingerprint
      ? alertBucketWorkflowId(user.organization_id, incident.integration_id, incident.fingerprint)
      : undefined;

  return (
    <>
      <nav aria-label="Breadcrumb" className="small">
        <Link to="/">Incidents</Link> / {incident.title}
      </nav>
      <div className="page-head">
        <div className="stack" style={{ gap: 6 }}>
          <h1>{incident.title}</h1>
          <div className="row">
            <Badge kind="sev" value={incident.severity} />
            <Badge kind="st" value={incident.status} />
            <IncidentPriority incidentId={incident.id} priority={priority} writable={writable} />
            <span className="muted small">
              opened <Time iso={incident.created_at} /> · {incident.source} · {incident.alert_count} alert
              {incident.alert_count === 1 ? '' : 's'}
            </span>
          </div>
        </div>
        <span className="spacer" />
        <Link to={`/incidents/${incident.id}/postmortem`}>Postmortem</Link>
        {writable ? (
          <div className="row" role="group" aria-label="Incident actions">
            {incident.status === 'active' ? (
              <button type="button" onClick={() => update.mutate({ status: 'investigating' })}>
                Acknowledge
              </button>
            ) : null}
            {incident.status !== 'mitigated' && incident.status !== 'resolved' ? (
              <button type="button" onClick={() => update.mutate({ status: 'mitigated' })}>
                Mitigated
              </button>
            ) : null}
            {incident.status !== 'resolved' ? (
              <button type="button" className="primary" onClick={() => update.mutate({ status: 'resolved' })}>
                Resolve
              </button>
            ) : (
              <button type="button" onClick={() => update.mutate({ status: 'active' })}>
                Reopen
              </button>
            )}
          </div>
        ) : null}
      </div>
      {update.error ? (
        <div className="alert-box error" role="alert">
          {update.error.message}
        </div>
      ) : null}
      {writable ? <SilenceSimilar incident={incident} /> : null}
      <div className="grid-2">
        <div className="stack">
          {incident.description ? (
            <section className="card">
              <h2>Description</h2>
              <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{incident.description}</p>
            </section>
          ) : null}
          <RunRunbook
            incidentId={incident.id}
            writable={writable}
            suggested={(incident.analysis.suggested_procedures ?? []).filter((hit) => hit.type === 'procedure').map((hit) => hit.id)}
          />
          <Executions incidentId={incident.id} />
          <Chat incidentId={incident.id} writable={writable} />
          <section className="card" aria-labelledby="timeline-title">
            <h2 id="timeline-title">Timeline</h2>
            {incident.timeline.length === 0 ? (
              <Empty title="Nothing yet" />
            ) : (
              <ol className="timeline">
                {[...incident.timeline].reverse().map((entry) => (
                  <li key={entry.id}>
                    <div>{entry.message}</div>
                    <div className="muted small">
                      {entry.type.replaceAll('_', ' ')} · <Time iso={entry.created_at} />
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
        <div className="stack">
          <IncidentEscalation incidentId={incident.id} status={incident.status} writable={writable} />
          <IncidentRoles
            incidentId={incident.id}
            holders={roles}
            members={users.data ?? []}
            writable={writable}
            resolved={incident.status === 'resolved'}
          />
          <IncidentStatusUpdates incidentId={incident.id} writable={writable} />
          <IncidentMerges incidentId={incident.id} mergedInto={mergedInto} writable={writable} resolved={incident.status === 'resolved'} />
          <IncidentLinks incidentId={incident.id} writable={writable} />
          <section className="card" aria-labelledby="assignee-title">
            <h2 id="assignee-title">Assignee</h2>
            <div className="stack">
              <span>{assignee ? `${assignee.name} (${assignee.email})` : incident.assignee_id ? 'Someone' : 'Nobody yet'}</span>
              {writable ? (
                <div className="row">
                  {incident.assignee_id !== user.id ? (
                    <button type="button" onClick={() => update.mutate({ assignee_id: user.id })}>
                      Assign to me
                    </button>
                  ) : null}
                  <label className="visually-hidden" htmlFor="assignee-select">
                    Assign to
                  </label>
                  <select
                    id="assignee-select"
                    value={incident.assignee_id ?? ''}
                    onChange={(event) => update.mutate({ assignee_id: event.target.value || null })}
                  >
                    <option value="">Unassigned</option>
                    {(users.data ?? []).map((candidate) => (
                      <option key={candidate.id} value={candidate.id}>
                        {candidate.name}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
            </div>
          </section>
          <IncidentResponders incidentId={incident.id} writable={writable} resolved={incident.status === 'resolved'} />
          <section className="card" aria-labelledby="alerts-title">
            <h2 id="alerts-title">Alerts</h2>
            {alerts.length === 0 ? (
              <p className="muted">No alert: opened by hand.</p>
            ) : (
              <ul className="list">
                {alerts
                  .slice(-10)
                  .reverse()
                  .map((entry) => (
                    <li key={entry.id}>
                      <div>{entry.message}</div>
                      <div className="muted small">
                        <Time iso={entry.created_at} />
                      </div>
                    </li>
                  ))}
              </ul>
            )}
            {Object.keys(incident.labels).length > 0 ? (
              <dl className="small" style={{ margin: '12px 0 0' }}>
                {Object.entries(incident.labels).map(([key, value]) => (
                  <div key={key}>
                    <dt className="muted" style={{ display: 'inline' }}>
                      {key}:{' '}
                    </dt>
                    <dd style={{ display: 'inline', margin: 0 }}>{value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <IncidentAlerts incidentId={incident.id} resolved={incident.status === 'resolved'} writable={writable} />
            {ingestionWorkflow ? (
              <p className="small">
                <a href={temporalWorkflowUrl(ingestionWorkflow)} target="_blank" rel="noreferrer">
                  Ingestion workflow in Temporal UI
                </a>
              </p>
            ) : null}
          </section>
          <Analysis incident={incident} />
        </div>
      </div>
    </>
  );
}

function Analysis({ incident }: { incident: IncidentDetail }) {
  const similar = incident.analysis.similar_incidents ?? [];
  const suggested = incident.analysis.suggested_procedures ?? [];
  return (
    <section className="card" aria-labelledby="analysis-title">
      <h2 id="analysis-title">Analysis</h2>
      {!incident.analysis.analyzed_at ? (
        <p className="muted">Not analyzed yet: the worker compares the incident with past ones and runbooks once it is indexed.</p>
      ) : null}
      <h3>Similar incidents</h3>
      {similar.length === 0 ? (
        <p className="muted small">None found.</p>
      ) : (
        <ul className="list">
          {similar.map((hit) => (
            <li key={hit.id}>
              <Link to={`/incidents/${hit.id}`}>{hit.title}</Link>
            </li>
          ))}
        </ul>
      )}
      <h3 style={{ marginTop: 12 }}>Suggested runbooks and articles</h3>
      {suggested.length === 0 ? (
        <p className="muted small">None found.</p>
      ) : (
        <ul className="list">
          {suggested.map((hit) => (
            <li key={hit.id}>
              {hit.type === 'procedure' ? (
                <Link to={`/runbooks?highlight=${hit.id}`}>{hit.title}</Link>
              ) : (
                <span>
                  {hit.title} <span className="muted small">(article)</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RunRunbook({ incidentId, writable, suggested }: { incidentId: string; writable: boolean; suggested: string[] }) {
  const navigate = useNavigate();
  const procedures = useQuery({
    queryKey: ['procedures'],
    queryFn: async () => unwrap(await api.GET('/api/v1/procedures', { params: { query: { limit: 100 } } })).data,
  });
  const [chosen, setChosen] = useState('');
  const selected =
    chosen || suggested.find((id) => procedures.data?.some((procedure) => procedure.id === id)) || procedures.data?.[0]?.id || '';
  const run = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/procedures/{id}/execute', {
          params: { path: { id: selected } },
          body: { incident_id: incidentId, parameters: {} },
        }),
      ).data,
    onSuccess: (execution) => navigate(`/executions/${execution.id}`),
  });
  if (!writable) return null;
  return (
    <section className="card" aria-labelledby="run-title">
      <h2 id="run-title">Run a runbook</h2>
      {procedures.isPending ? (
        <Loading rows={1} />
      ) : procedures.error ? (
        <ErrorState error={procedures.error} />
      ) : procedures.data.length === 0 ? (
        <p className="muted">
          No runbook yet. <Link to="/runbooks">Write one</Link>.
        </p>
      ) : (
        <form
          className="field-row"
          onSubmit={(event) => {
            event.preventDefault();
            run.mutate();
          }}
        >
          <label>
            Runbook
            <select value={selected} onChange={(event) => setChosen(event.target.value)}>
              {procedures.data.map((procedure) => (
                <option key={procedure.id} value={procedure.id}>
                  {procedure.name}
                  {suggested.includes(procedure.id) ? ' (suggested)' : ''}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="primary" disabled={run.isPending || !selected}>
            Run
          </button>
        </form>
      )}
      {run.error ? (
        <div className="alert-box error" role="alert">
          {run.error.message}
        </div>
      ) : null}
    </section>
  );
}

function Executions({ incidentId }: { incidentId: string }) {
  const executions = useQuery({
    queryKey: ['executions', { incidentId }],
    queryFn: async () => unwrap(await api.GET('/api/v1/executions', { params: { query: { incident_id: incidentId, limit: 20 } } })).data,
  });
  if (!executions.data || executions.data.length === 0) return null;
  return (
    <section className="card" aria-labelledby="executions-title">
      <h2 id="executions-title">Runbook executions</h2>
      <ul className="list">
        {executions.data.map((execution) => (
          <li key={execution.id} className="row">
            <Link to={`/executions/${execution.id}`}>{execution.procedure_name}</Link>
            <Badge kind="st" value={execution.status} />
            <span className="muted small">
              <Time iso={execution.started_at} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Chat({ incidentId, writable }: { incidentId: string; writable: boolean }) {
  const user = useUser();
  const live = useLive();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const messages = useQuery({
    queryKey: ['incident', incidentId, 'messages'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/incidents/{id}/messages', { params: { path: { id: incidentId }, query: { limit: 100 } } })).data,
    // Realtime `chat.message` events fill it in (lib/realtime.tsx); without the socket, a slow poll.
    refetchInterval: live ? false : 5_000,
  });
  const send = useMutation({
    mutationFn: async (text: string) =>
      unwrap(await api.POST('/api/v1/incidents/{id}/messages', { params: { path: { id: incidentId } }, body: { body: text } })),
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: ['incident', incidentId, 'messages'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim()) send.mutate(body.trim());
  };
  return (
    <section className="card" aria-labelledby="chat-title">
      <h2 id="chat-title">Chat</h2>
      {messages.isPending ? (
        <Loading rows={2} />
      ) : messages.error ? (
        <ErrorState error={messages.error} />
      ) : messages.data.length === 0 ? (
        <p className="muted">
          No message yet. Mention <code>@assistant</code> to ask the assistant.
        </p>
      ) : (
        <div className="chat" role="log" aria-live="polite">
          {messages.data.map((message) => (
            <div
              key={message.id}
              className={`bubble ${message.author_kind === 'assistant' ? 'assistant' : message.author_id === user.id ? 'mine' : ''}`}
            >
              <div className="small muted">
                {message.author_kind === 'assistant' ? 'Assistant' : message.author_id === user.id ? 'You' : 'Teammate'} ·{' '}
                <Time iso={message.created_at} />
              </div>
              {message.body}
            </div>
          ))}
        </div>
      )}
      {writable ? (
        <form className="row" onSubmit={submit} style={{ marginTop: 12 }}>
          <label className="visually-hidden" htmlFor="chat-input">
            Message
          </label>
          <input
            id="chat-input"
            style={{ flex: 1 }}
            placeholder="Write a message, @assistant to ask"
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
          <button type="submit" disabled={send.isPending}>
            Send
          </button>
        </form>
      ) : null}
      {send.error ? (
        <div className="alert-box error" role="alert">
          {send.error.message}
        </div>
      ) : null}
    </section>
  );
}
