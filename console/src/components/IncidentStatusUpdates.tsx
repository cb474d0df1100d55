import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap, type Schemas } from '../lib/api.ts';
import { FieldErrors, Time } from './ui.tsx';

type StatusKind = Schemas['StatusUpdate']['kind'];

const KINDS: readonly StatusKind[] = ['investigating', 'identified', 'monitoring', 'resolved'];
const label = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1);

/**
 * The incident's status updates, and a form to post one: internal (timeline, chat, member
 * subscribers) or public (also the status page and every subscriber).
 */
export function IncidentStatusUpdates({ incidentId, writable }: { incidentId: string; writable: boolean }) {
  const queryClient = useQueryClient();
  const key = ['status-updates', incidentId];
  const updates = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await api.GET('/api/v1/incidents/{id}/status-updates', { params: { path: { id: incidentId } } })).data,
  });
  const [kind, setKind] = useState<StatusKind>('investigating');
  const [body, setBody] = useState('');
  const [published, setPublished] = useState(false);
  const [title, setTitle] = useState('');
  const post = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/incidents/{id}/status-updates', {
          params: { path: { id: incidentId } },
          body: {
            kind,
            body,
            visibility: published ? 'public' : 'internal',
            ...(published && title.trim() ? { title: title.trim() } : {}),
          },
        }),
      ).data,
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['incident', incidentId] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    post.mutate();
  };
  return (
    <section className="card" aria-labelledby="status-updates-title">
      <h2 id="status-updates-title">Status updates</h2>
      {writable ? (
        <form className="form" onSubmit={submit} aria-label="Post a status update">
          <label>
            Status
            <select
              aria-label="Status"
              value={kind}
              onChange={(event) => setKind(KINDS.find((value) => value === event.target.value) ?? 'investigating')}
            >
              {KINDS.map((value) => (
                <option key={value} value={value}>
                  {label(value)}
                </option>
              ))}
            </select>
          </label>
          <label>
            Update
            <textarea required maxLength={5000} rows={3} value={body} onChange={(event) => setBody(event.target.value)} />
          </label>
          <label className="row">
            <input type="checkbox" checked={published} onChange={(event) => setPublished(event.target.checked)} />
            Public: on the status page and mailed to its subscribers
          </label>
          {published ? (
            <label>
              Name on the status page (optional)
              <input maxLength={200} value={title} onChange={(event) => setTitle(event.target.value)} placeholder="Delayed notifications" />
            </label>
          ) : null}
          <div className="row">
            <button type="submit" className="primary" disabled={post.isPending}>
              Post update
            </button>
          </div>
          <FieldErrors error={post.error} />
        </form>
      ) : null}
      {(updates.data ?? []).length === 0 ? (
        <p className="small">No status update yet.</p>
      ) : (
        <ol className="stack" aria-label="Status updates">
          {(updates.data ?? []).map((update) => (
            <li key={update.id}>
              <strong>{label(update.kind)}</strong> · {update.visibility} · <Time iso={update.created_at} />
              <div>{update.body}</div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
