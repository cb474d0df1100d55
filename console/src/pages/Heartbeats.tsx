import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap, type Schemas } from '../lib/api.ts';
import { useUser } from '../lib/session.tsx';
import { CardForm, Empty, FieldErrors, formatDuration, PageHead, QueryCard, TableHead, Time } from '../components/ui.tsx';

type Heartbeat = Schemas['Heartbeat'];
type WithUrl = Schemas['HeartbeatWithToken'];

const PERIODS = [
  { label: '1 minute', seconds: 60 },
  { label: '5 minutes', seconds: 300 },
  { label: '15 minutes', seconds: 900 },
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86_400 },
  { label: '1 week', seconds: 604_800 },
];

/** Heartbeats (dead man's switches): each lapse pages through its integration; a ping URL is shown once. */
export function HeartbeatsPage() {
  const user = useUser();
  const admin = user.role !== 'viewer' && user.role !== 'engineer';
  const [shown, setShown] = useState<WithUrl | null>(null);
  const heartbeats = useQuery({
    queryKey: ['heartbeats'],
    queryFn: async () => unwrap(await api.GET('/api/v1/heartbeats', { params: { query: { limit: 100 } } })).data,
    refetchInterval: 15_000,
  });
  return (
    <>
      <PageHead title="Heartbeats" />
      {admin ? <NewHeartbeat onCreated={setShown} /> : null}
      {shown ? (
        <div className="card alert-box" role="status">
          Ping URL of <strong>{shown.name}</strong>, shown only now: <code>{shown.ping_url}</code>
        </div>
      ) : null}
      <QueryCard query={heartbeats} label="Loading heartbeats">
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <Empty title="No heartbeat yet">
                A job or Alertmanager's Watchdog pings a secret URL; when the pings stop, an incident opens and pages.
              </Empty>
            </div>
          ) : (
            <div className="card">
              <table>
                <TableHead
                  columns={[
                    'Name',
                    'Status',
                    { label: 'Period', hideNarrow: true },
                    { label: 'Grace', hideNarrow: true },
                    'Last ping',
                    'Deadline',
                  ]}
                  actions={admin}
                />
                <tbody>
                  {list.map((heartbeat) => (
                    <HeartbeatRow key={heartbeat.id} heartbeat={heartbeat} admin={admin} onRotated={setShown} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryCard>
    </>
  );
}

function HeartbeatRow({ heartbeat, admin, onRotated }: { heartbeat: Heartbeat; admin: boolean; onRotated: (h: WithUrl) => void }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['heartbeats'] });
  const rotate = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/heartbeats/{id}/rotate-token', { params: { path: { id: heartbeat.id } } })).data,
    onSuccess: onRotated,
  });
  const remove = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/v1/heartbeats/{id}', { params: { path: { id: heartbeat.id } } })),
    onSuccess: refresh,
  });
  return (
    <tr>
      <td>{heartbeat.name}</td>
      <td>
        <span className={`badge ${heartbeat.status === 'down' ? 'sev-critical' : ''}`}>{heartbeat.status}</span>
      </td>
      <td className="hide-narrow">{formatDuration(heartbeat.period_seconds)}</td>
      <td className="hide-narrow">{formatDuration(heartbeat.grace_seconds)}</td>
      <td>
        <Time iso={heartbeat.last_ping_at} />
      </td>
      <td>
        <Time iso={heartbeat.next_deadline_at} />
      </td>
      {admin ? (
        <td className="row">
          <button type="button" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
            New ping URL
          </button>
          <button
            type="button"
            onClick={() => window.confirm(`Delete heartbeat ${heartbeat.name}?`) && remove.mutate()}
            disabled={remove.isPending}
          >
            Delete
          </button>
        </td>
      ) : null}
    </tr>
  );
}

function NewHeartbeat({ onCreated }: { onCreated: (h: WithUrl) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [integrationId, setIntegrationId] = useState('');
  const [period, setPeriod] = useState(3600);
  const [grace, setGrace] = useState(300);
  const integrations = useQuery({
    queryKey: ['integrations'],
    queryFn: async () => unwrap(await api.GET('/api/v1/integrations', { params: { query: { limit: 100 } } })).data,
  });
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/heartbeats', {
          body: { name, integration_id: integrationId, period_seconds: period, grace_seconds: grace },
        }),
      ).data,
    onSuccess: (created) => {
      onCreated(created);
      setName('');
      void queryClient.invalidateQueries({ queryKey: ['heartbeats'] });
    },
  });
  return (
    <CardForm title="New heartbeat" onSubmit={() => create.mutate()}>
      <label>
        Name
        <input required value={name} onChange={(event) => setName(event.target.value)} placeholder="nightly backup" />
      </label>
      <label>
        Pages through integration
        <select required value={integrationId} onChange={(event) => setIntegrationId(event.target.value)}>
          <option value="">Choose…</option>
          {(integrations.data ?? []).map((integration) => (
            <option key={integration.id} value={integration.id}>
              {integration.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Expect a ping every
        <select value={period} onChange={(event) => setPeriod(Number(event.target.value))}>
          {PERIODS.map((option) => (
            <option key={option.seconds} value={option.seconds}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Grace (seconds)
        <input type="number" min={0} value={grace} onChange={(event) => setGrace(Number(event.target.value))} />
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={create.isPending}>
          Create heartbeat
        </button>
      </div>
      <FieldErrors error={create.error} />
    </CardForm>
  );
}
