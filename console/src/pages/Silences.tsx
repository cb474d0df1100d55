import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../lib/api.ts';
import { canWrite, useUser } from '../lib/session.tsx';
import { problem, SilenceEditor, type Silence } from '../components/SilenceEditor.tsx';
import { Empty, ErrorState, Loading, Options, PageHead, TableHead, Time } from '../components/ui.tsx';

type Filter = Silence['status'] | 'all';
const FILTERS: Array<{ value: Filter; label: string }> = [
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'expired', label: 'Expired' },
  { value: 'all', label: 'All' },
];
// Badge colours of the stylesheet: active is running, pending waits, expired is done.
const PAGE = 50;
const STATUS_CLASS: Record<Silence['status'], string> = { active: 'st-running', pending: 'st-pending', expired: 'st-cancelled' };

export function SilencesPage() {
  const user = useUser();
  // Engineers, admins and owners hold silences:create|update; viewers read.
  const writable = canWrite(user);
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('active');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Silence | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const silences = useQuery({
    queryKey: ['silences', filter, offset],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/silences', { params: { query: { limit: PAGE, offset, ...(filter === 'all' ? {} : { status: filter }) } } }),
      ),
    placeholderData: keepPreviousData,
  });
  const total = silences.data?.meta.total ?? 0;
  const expire = useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/api/v1/silences/{id}', { params: { path: { id } } })).data,
    onSuccess: (expired) => {
      setSaved(`Expired ${expired.matchers_text}`);
      void queryClient.invalidateQueries({ queryKey: ['silences'] });
    },
  });
  return (
    <>
      <PageHead title="Silences">
        {writable && editing === null ? (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New silence
          </button>
        ) : null}
      </PageHead>
      <p className="muted" style={{ marginTop: 0 }}>
        A silence mutes the alerts its matchers select for a while: they are stored and marked, open no incident and page no one.
        Maintenance windows are on each integration.
      </p>
      {editing !== null ? (
        <SilenceEditor
          key={editing === 'new' ? 'new' : editing.id}
          silence={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(null)}
          onDone={(silence) => {
            setSaved(`${editing === 'new' ? 'Created' : 'Saved'} ${silence.matchers_text}`);
            setEditing(null);
          }}
        />
      ) : null}
      {saved ? (
        <div className="alert-box ok" role="status">
          {saved}
        </div>
      ) : null}
      {expire.error ? (
        <div className="alert-box error" role="alert">
          {problem(expire.error)}
        </div>
      ) : null}
      <div className="card card-flush">
        <div className="row" style={{ padding: 'var(--space-3)' }}>
          <label>
            Show
            <select
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as Filter);
                setOffset(0);
              }}
            >
              <Options values={FILTERS} />
            </select>
          </label>
          {silences.data ? <span className="muted small">{silences.data.meta.total} in all</span> : null}
        </div>
        {silences.isPending ? (
          <Loading rows={3} />
        ) : silences.error ? (
          <ErrorState error={silences.error} retry={() => void silences.refetch()} />
        ) : silences.data.data.length === 0 ? (
          <Empty title={filter === 'all' ? 'No silence yet' : `No ${filter} silence`}>
            {writable ? 'Create one before a deploy or during a known outage.' : null}
          </Empty>
        ) : (
          <table aria-label="Silences">
            <TableHead columns={['Matchers', 'Status', 'Starts', 'Ends', 'Comment']} actions={writable} />
            <tbody>
              {silences.data.data.map((silence) => (
                <tr key={silence.id} data-testid="silence-row">
                  <td>
                    <code>{silence.matchers_text}</code>
                  </td>
                  <td>
                    <span className={`badge ${STATUS_CLASS[silence.status]}`}>{silence.status}</span>
                  </td>
                  <td>
                    <Time iso={silence.starts_at} />
                  </td>
                  <td>
                    <Time iso={silence.ends_at} />
                  </td>
                  <td>{silence.comment}</td>
                  {writable ? (
                    <td>
                      {silence.status !== 'expired' ? (
                        <div className="row">
                          <button type="button" onClick={() => setEditing(silence)} aria-label={`Edit: ${silence.matchers_text}`}>
                            Edit
                          </button>
                          <button
                            type="button"
                            onClick={() => expire.mutate(silence.id)}
                            disabled={expire.isPending}
                            aria-label={`Expire now: ${silence.matchers_text}`}
                          >
                            Expire now
                          </button>
                        </div>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {total > PAGE ? (
        <nav className="row" aria-label="Pages">
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            Previous
          </button>
          <span className="muted">
            {offset + 1}–{Math.min(total, offset + PAGE)} of {total}
          </span>
          <button type="button" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
            Next
          </button>
        </nav>
      ) : null}
    </>
  );
}
