import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { callApi } from '../lib/api.ts';
import { FieldErrors, Time } from './ui.tsx';

// Typed here until the generated client describes the merge and link routes (regenerated when they merge).
interface Merge {
  id: string;
  source_incident_id: string;
  source_title: string;
  target_incident_id: string;
  target_title: string;
  alert_count: number;
  merged_at: string;
  unmerged_at: string | null;
  unmerge_until: string | null;
}
type LinkKind = 'related' | 'caused_by' | 'duplicate_of';
interface IncidentLink {
  id: string;
  kind: LinkKind;
  direction: 'outgoing' | 'incoming';
  incident: { id: string; title: string; status: string };
}
interface IncidentSummary {
  id: string;
  title: string;
  status: string;
  merged_into?: string | null;
}

const KIND_LABELS: Record<LinkKind, string> = { related: 'Related to', caused_by: 'Caused by', duplicate_of: 'Duplicate of' };
const PHRASES: Record<LinkKind, Record<IncidentLink['direction'], string>> = {
  related: { outgoing: 'Related to', incoming: 'Related to' },
  caused_by: { outgoing: 'Caused by', incoming: 'Causes' },
  duplicate_of: { outgoing: 'Duplicate of', incoming: 'Duplicated by' },
};

/** Other incidents of the organization to merge or link, newest first (the first 100). */
function useOtherIncidents(incidentId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['incidents', 'pick', incidentId],
    queryFn: async () => (await callApi<{ data: IncidentSummary[] }>('GET', '/incidents?limit=100')).data,
    enabled,
    staleTime: 10_000,
    select: (incidents) => incidents.filter((incident) => incident.id !== incidentId),
  });
}

/**
 * Merging (PagerDuty's merge: other incidents folded into this one, undone within 24 h) and the
 * incident this one was merged into.
 */
export function IncidentMerges({
  incidentId,
  mergedInto,
  writable,
  resolved,
}: {
  incidentId: string;
  mergedInto: string | null;
  writable: boolean;
  resolved: boolean;
}) {
  const queryClient = useQueryClient();
  const merges = useQuery({
    queryKey: ['incident', incidentId, 'merges'],
    queryFn: async () => (await callApi<{ data: Merge[] }>('GET', `/incidents/${incidentId}/merges`)).data,
  });
  const canMerge = writable && !resolved && !mergedInto;
  const others = useOtherIncidents(incidentId, canMerge);
  const [sources, setSources] = useState<string[]>([]);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['incident'] });
    void queryClient.invalidateQueries({ queryKey: ['incidents'] });
  };
  const merge = useMutation({
    mutationFn: async () => callApi<unknown>('POST', `/incidents/${incidentId}/merge`, { source_incident_ids: sources }),
    onSuccess: () => {
      setSources([]);
      refresh();
    },
  });
  const unmerge = useMutation({
    mutationFn: async (sourceId: string) => callApi<unknown>('POST', `/incidents/${incidentId}/unmerge`, { source_incident_id: sourceId }),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sources.length > 0) merge.mutate();
  };
  const mergedHere = (merges.data ?? []).filter((row) => row.target_incident_id === incidentId && row.unmerged_at === null);
  const into = (merges.data ?? []).find((row) => row.source_incident_id === incidentId && row.unmerged_at === null);
  const candidates = (others.data ?? []).filter((incident) => incident.status !== 'resolved' && !incident.merged_into);

  return (
    <section className="card" aria-labelledby="merge-title">
      <h2 id="merge-title">Merged incidents</h2>
      {mergedInto ? (
        <p role="note">
          Merged into <Link to={`/incidents/${mergedInto}`}>{into?.target_title ?? 'another incident'}</Link>
          {into ? (
            <span className="muted small">
              {' '}
              on <Time iso={into.merged_at} />
            </span>
          ) : null}
          . Its alerts and later alerts of its keys are there.
        </p>
      ) : null}
      {mergedHere.length === 0 ? (
        mergedInto ? null : (
          <p className="muted">No incident merged into this one.</p>
        )
      ) : (
        <ul className="list" aria-label="Incidents merged into this one">
          {mergedHere.map((row) => (
            <li key={row.id} className="row">
              <span>
                <Link to={`/incidents/${row.source_incident_id}`}>{row.source_title}</Link>{' '}
                <span className="muted small">
                  {row.alert_count} alert{row.alert_count === 1 ? '' : 's'}, merged <Time iso={row.merged_at} />
                </span>
              </span>
              <span className="spacer" />
              {writable && row.unmerge_until && Date.parse(row.unmerge_until) > Date.now() ? (
                <button type="button" onClick={() => unmerge.mutate(row.source_incident_id)} aria-label={`Unmerge ${row.source_title}`}>
                  Unmerge
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canMerge ? (
        <form className="row" onSubmit={submit} aria-label="Merge incidents into this one">
          <label>
            Merge into this one{' '}
            <select
              multiple
              value={sources}
              onChange={(event) => setSources([...event.target.selectedOptions].map((option) => option.value).slice(0, 20))}
            >
              {candidates.map((incident) => (
                <option key={incident.id} value={incident.id}>
                  {incident.title}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={sources.length === 0 || merge.isPending}>
            Merge {sources.length > 0 ? sources.length : ''}
          </button>
          <span className="muted small">Each is resolved and stops paging; undo within 24 h.</span>
        </form>
      ) : null}
      <FieldErrors error={merge.error ?? unmerge.error} />
    </section>
  );
}

/** Related incidents (incident.io's links): listed on both incidents, read from this side. */
export function IncidentLinks({ incidentId, writable }: { incidentId: string; writable: boolean }) {
  const queryClient = useQueryClient();
  const links = useQuery({
    queryKey: ['incident', incidentId, 'links'],
    queryFn: async () => (await callApi<{ data: IncidentLink[] }>('GET', `/incidents/${incidentId}/links`)).data,
  });
  const others = useOtherIncidents(incidentId, writable);
  const [other, setOther] = useState('');
  const [kind, setKind] = useState<LinkKind>('related');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['incident'] });
  const add = useMutation({
    mutationFn: async () => callApi<unknown>('POST', `/incidents/${incidentId}/links`, { incident_id: other, kind }),
    onSuccess: () => {
      setOther('');
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async (linkId: string) => callApi<undefined>('DELETE', `/incidents/${incidentId}/links/${linkId}`),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (other) add.mutate();
  };
  const linked = new Set((links.data ?? []).map((link) => link.incident.id));
  return (
    <section className="card" aria-labelledby="links-title">
      <h2 id="links-title">Linked incidents</h2>
      {(links.data ?? []).length === 0 ? (
        <p className="muted">No linked incident.</p>
      ) : (
        <ul className="list" aria-label="Linked incidents">
          {(links.data ?? []).map((link) => (
            <li key={link.id} className="row">
              <span>
                {PHRASES[link.kind][link.direction]} <Link to={`/incidents/${link.incident.id}`}>{link.incident.title}</Link>{' '}
                <span className="muted small">{link.incident.status}</span>
              </span>
              <span className="spacer" />
              {writable ? (
                <button type="button" onClick={() => remove.mutate(link.id)} aria-label={`Remove the link to ${link.incident.title}`}>
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {writable ? (
        <form className="row" onSubmit={submit} aria-label="Link an incident">
          <label>
            This incident is{' '}
            <select value={kind} onChange={(event) => setKind(event.target.value as LinkKind)}>
              {(Object.keys(KIND_LABELS) as LinkKind[]).map((value) => (
                <option key={value} value={value}>
                  {KIND_LABELS[value].toLowerCase()}
                </option>
              ))}
            </select>
          </label>
          <label>
            Incident{' '}
            <select value={other} onChange={(event) => setOther(event.target.value)}>
              <option value="">Choose…</option>
              {(others.data ?? [])
                .filter((incident) => !linked.has(incident.id))
                .map((incident) => (
                  <option key={incident.id} value={incident.id}>
                    {incident.title}
                  </option>
                ))}
            </select>
          </label>
          <button type="submit" disabled={!other || add.isPending}>
            Link
          </button>
        </form>
      ) : null}
      <FieldErrors error={add.error ?? remove.error} />
    </section>
  );
}
