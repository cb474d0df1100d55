import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, api, callApi, unwrap } from '../lib/api.ts';
import { canWrite, useUser } from '../lib/session.tsx';
import { Empty, ErrorState, FieldErrors, Loading, Time } from '../components/ui.tsx';
import { PostmortemActionItems, type ActionItem } from '../components/PostmortemActionItems.tsx';

// Postmortem types by hand: the generated client learns them when the routes merge.
interface Postmortem {
  id: string;
  incident_id: string;
  title: string;
  status: PostmortemStatus;
  content: string;
  published_at: string | null;
  updated_at: string;
  action_items: ActionItem[];
}
type PostmortemStatus = 'draft' | 'in_review' | 'published';

interface Similar {
  incident_id: string;
  title: string;
  score: number;
  postmortem: { id: string; title: string; status: PostmortemStatus } | null;
}

const STATUS_LABELS: Record<PostmortemStatus, string> = { draft: 'Draft', in_review: 'In review', published: 'Published' };

/** `/incidents/:id/postmortem`: draft it from the incident, edit the Markdown, publish, follow up on action items. */
export function PostmortemPage() {
  const { id = '' } = useParams();
  const user = useUser();
  const writable = canWrite(user);
  const queryClient = useQueryClient();
  const key = ['postmortem', id];
  const incident = useQuery({
    queryKey: ['incident', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/incidents/{id}', { params: { path: { id } } })).data,
  });
  const postmortem = useQuery({
    queryKey: key,
    // No postmortem yet is an answer, not an error.
    queryFn: async () =>
      (
        await callApi<{ data: Postmortem }>('GET', `/incidents/${id}/postmortem`).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return { data: null };
          throw error;
        })
      ).data,
  });
  const create = useMutation({
    mutationFn: () => callApi('POST', `/incidents/${id}/postmortem`, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['incident', id] });
    },
  });

  return (
    <>
      <nav aria-label="Breadcrumb" className="small">
        <Link to="/">Incidents</Link> / <Link to={`/incidents/${id}`}>{incident.data?.title ?? 'Incident'}</Link> / Postmortem
      </nav>
      <div className="page-head">
        <h1>Postmortem</h1>
      </div>
      {postmortem.isPending ? (
        <Loading label="Loading the postmortem" rows={6} />
      ) : postmortem.isError ? (
        <ErrorState error={postmortem.error} retry={() => void postmortem.refetch()} />
      ) : postmortem.data === null ? (
        <section className="card">
          <Empty title="No postmortem yet">
            {writable ? (
              <>
                <p>The draft is written from the incident: its timeline, alerts, pages, runbooks, status updates and roles.</p>
                <button type="button" className="primary" onClick={() => create.mutate()} disabled={create.isPending}>
                  Draft the postmortem
                </button>
                <FieldErrors error={create.error} />
              </>
            ) : null}
          </Empty>
        </section>
      ) : (
        <div className="grid-2">
          <PostmortemEditor key={postmortem.data.updated_at} postmortem={postmortem.data} writable={writable} />
          <div className="stack">
            <PostmortemActionItems incidentId={id} items={postmortem.data.action_items} writable={writable} />
            <SimilarIncidents incidentId={id} />
          </div>
        </div>
      )}
      {postmortem.data === null ? <SimilarIncidents incidentId={id} /> : null}
    </>
  );
}

function PostmortemEditor({ postmortem, writable }: { postmortem: Postmortem; writable: boolean }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(postmortem.title);
  const [content, setContent] = useState(postmortem.content);
  const [status, setStatus] = useState<PostmortemStatus>(postmortem.status);
  const save = useMutation({
    mutationFn: () => callApi('PATCH', `/incidents/${postmortem.incident_id}/postmortem`, { title, content, status }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['postmortem', postmortem.incident_id] });
      void queryClient.invalidateQueries({ queryKey: ['incident', postmortem.incident_id] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section className="card" aria-labelledby="postmortem-title">
      <h2 id="postmortem-title">{postmortem.title}</h2>
      <p className="muted small">
        {STATUS_LABELS[postmortem.status]}
        {postmortem.published_at ? (
          <>
            {' '}
            · published <Time iso={postmortem.published_at} />
          </>
        ) : null}{' '}
        · saved <Time iso={postmortem.updated_at} /> ·{' '}
        <a href={`/api/v1/incidents/${postmortem.incident_id}/postmortem.md`} download>
          Download Markdown
        </a>
      </p>
      <form className="form" onSubmit={submit} aria-label="Postmortem">
        <label>
          Title
          <input required maxLength={300} value={title} readOnly={!writable} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label>
          Status
          <select value={status} disabled={!writable} onChange={(event) => setStatus(event.target.value as PostmortemStatus)}>
            {(Object.keys(STATUS_LABELS) as PostmortemStatus[]).map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Markdown
          <textarea
            className="mono"
            rows={30}
            maxLength={200_000}
            value={content}
            readOnly={!writable}
            onChange={(event) => setContent(event.target.value)}
          />
        </label>
        {writable ? (
          <div className="row">
            <button type="submit" className="primary" disabled={save.isPending}>
              Save
            </button>
          </div>
        ) : null}
        <FieldErrors error={save.error} />
      </form>
    </section>
  );
}

function SimilarIncidents({ incidentId }: { incidentId: string }) {
  const similar = useQuery({
    queryKey: ['postmortem-similar', incidentId],
    queryFn: async () =>
      callApi<{ data: Similar[]; meta: { search: 'available' | 'unavailable' } }>('GET', `/incidents/${incidentId}/postmortem/similar`),
    staleTime: 60_000,
  });
  return (
    <section className="card" aria-labelledby="similar-title">
      <h2 id="similar-title">Similar past incidents</h2>
      {similar.isPending ? (
        <Loading label="Finding similar incidents" rows={2} />
      ) : similar.isError ? (
        <ErrorState error={similar.error} />
      ) : similar.data.data.length === 0 ? (
        <p className="small">
          {similar.data.meta.search === 'unavailable' ? 'Search is not available on this instance.' : 'No similar incident found.'}
        </p>
      ) : (
        <ul className="stack" aria-label="Similar incidents">
          {similar.data.data.map((hit) => (
            <li key={hit.incident_id}>
              <Link to={`/incidents/${hit.incident_id}`}>{hit.title}</Link>
              <div className="small muted">
                {hit.postmortem ? (
                  <Link to={`/incidents/${hit.incident_id}/postmortem`}>
                    Postmortem: {hit.postmortem.title} ({STATUS_LABELS[hit.postmortem.status]})
                  </Link>
                ) : (
                  'No postmortem'
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
