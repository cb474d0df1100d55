import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, unwrap, type Schemas } from '../lib/api.ts';
import { Badge, ErrorState, Loading, Time } from './ui.tsx';

type IncidentAlert = Schemas['IncidentAlert'];

/** An incident's alerts, one per alert key, with their labels; a grouped incident's keys can be split out. */
export function IncidentAlerts({ incidentId, resolved, writable }: { incidentId: string; resolved: boolean; writable: boolean }) {
  const queryClient = useQueryClient();
  const alerts = useQuery({
    queryKey: ['incident-alerts', incidentId],
    queryFn: async () => unwrap(await api.GET('/api/v1/incidents/{id}/alerts', { params: { path: { id: incidentId } } })).data,
  });
  const ungroup = useMutation({
    mutationFn: async (dedupKey: string) =>
      unwrap(
        await api.POST('/api/v1/incidents/{id}/alerts/{dedup_key}/ungroup', {
          params: { path: { id: incidentId, dedup_key: dedupKey } },
        }),
      ).data,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['incident-alerts', incidentId] });
      void queryClient.invalidateQueries({ queryKey: ['incident', incidentId] });
      void queryClient.invalidateQueries({ queryKey: ['incidents'] });
    },
  });
  if (alerts.isPending) return <Loading label="Loading the alert keys" rows={2} />;
  if (alerts.error) return <ErrorState error={alerts.error} retry={() => void alerts.refetch()} />;
  if (alerts.data.length === 0) return null;
  // Splitting out needs another key left behind; the API refuses it on a resolved incident.
  const canUngroup = writable && !resolved && alerts.data.length > 1;
  return (
    <div className="stack" style={{ marginTop: 'var(--space-4)' }}>
      <h3 id="alert-keys-title">Alert keys ({alerts.data.length})</h3>
      {ungroup.error ? (
        <div className="alert-box error" role="alert">
          Could not ungroup the alert: {ungroup.error.message}
        </div>
      ) : null}
      {ungroup.data ? (
        <div className="alert-box ok" role="status">
          Alert <code>{ungroup.data.dedup_key}</code> moved to <Link to={`/incidents/${ungroup.data.incident_id}`}>its own incident</Link>.
        </div>
      ) : null}
      <ul className="list" aria-labelledby="alert-keys-title">
        {alerts.data.map((alert) => (
          <AlertKey
            key={alert.dedup_key}
            alert={alert}
            onUngroup={canUngroup ? () => ungroup.mutate(alert.dedup_key) : undefined}
            pending={ungroup.isPending && ungroup.variables === alert.dedup_key}
          />
        ))}
      </ul>
    </div>
  );
}

function AlertKey({ alert, onUngroup, pending }: { alert: IncidentAlert; onUngroup?: () => void; pending: boolean }) {
  return (
    <li className="stack" style={{ gap: 4 }}>
      <div className="row">
        <strong>{alert.title}</strong>
        <Badge kind="st" value={alert.status} />
        {alert.silenced_kind ? <span className="muted small">muted ({alert.silenced_kind.replace('_', ' ')})</span> : null}
        {onUngroup ? (
          <button type="button" onClick={onUngroup} disabled={pending} aria-label={`Ungroup ${alert.title} (${alert.dedup_key})`}>
            {pending ? 'Ungrouping…' : 'Ungroup'}
          </button>
        ) : null}
      </div>
      <div className="muted small">
        <code>{alert.dedup_key}</code> · {alert.alert_count} {alert.alert_count === 1 ? 'alert' : 'alerts'} · last{' '}
        <Time iso={alert.last_received_at} />
      </div>
      {Object.keys(alert.labels).length > 0 ? (
        <div className="small">
          {Object.entries(alert.labels).map(([name, value]) => (
            <code key={name} style={{ marginRight: 8 }}>
              {name}=&quot;{value}&quot;
            </code>
          ))}
        </div>
      ) : null}
    </li>
  );
}
