import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, api, unwrap, type Schemas } from '../lib/api.ts';
import { fromLocalInput, matcherLines, toLocalInput } from '../lib/silences.ts';
import { Badge, FormActions, Loading, Time } from './ui.tsx';

export type Silence = Schemas['Silence'];

/** What went wrong, with a 422's field messages (a matcher's parse or regex problem) spelled out. */
export function problem(error: unknown): string {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors.map((field) => field.message).join('; ');
  return error instanceof Error ? error.message : 'Something went wrong';
}

const HOUR = 3_600_000;

/**
 * Create (or, given `silence`, change) a silence: matchers one per line, when, why; below, a live
 * preview of the open incidents and recent alerts the matchers would catch.
 */
export function SilenceEditor({
  silence,
  initialMatchers = [],
  initialComment = '',
  onDone,
  onCancel,
}: {
  silence?: Silence;
  initialMatchers?: string[];
  initialComment?: string;
  onDone: (saved: Silence) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [matchers, setMatchers] = useState((silence?.matchers ?? initialMatchers).join('\n'));
  const [startsAt, setStartsAt] = useState(silence ? toLocalInput(silence.starts_at) : '');
  const [endsAt, setEndsAt] = useState(toLocalInput(silence?.ends_at ?? new Date(Date.now() + 2 * HOUR)));
  const [comment, setComment] = useState(silence?.comment ?? initialComment);
  const lines = matcherLines(matchers);
  // The preview follows the typing, a moment behind it.
  const [previewed, setPreviewed] = useState(lines);
  const key = JSON.stringify(lines);
  useEffect(() => {
    const timer = setTimeout(() => setPreviewed(JSON.parse(key) as string[]), 300);
    return () => clearTimeout(timer);
  }, [key]);
  const preview = useQuery({
    queryKey: ['silence-preview', previewed],
    enabled: previewed.length > 0,
    retry: false,
    staleTime: 5_000,
    queryFn: async () => unwrap(await api.POST('/api/v1/silences/preview', { body: { matchers: previewed } })).data,
  });
  const save = useMutation({
    mutationFn: async () => {
      const body = { matchers: lines, ends_at: fromLocalInput(endsAt) ?? '', comment: comment.trim() };
      const starts = fromLocalInput(startsAt);
      if (silence) {
        return unwrap(
          await api.PATCH('/api/v1/silences/{id}', {
            params: { path: { id: silence.id } },
            body: { ...body, ...(starts && silence.status === 'pending' ? { starts_at: starts } : {}) },
          }),
        ).data;
      }
      return unwrap(await api.POST('/api/v1/silences', { body: { ...body, ...(starts ? { starts_at: starts } : {}) } })).data;
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ['silences'] });
      onDone(saved);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = silence ? 'Edit silence' : 'New silence';
  // An active silence has started: its start stays as it is.
  const startEditable = !silence || silence.status === 'pending';
  return (
    <form className="card form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} style={{ margin: 0 }}>
        {title}
      </h2>
      <label>
        Matchers, one per line
        <textarea
          className="mono"
          rows={Math.max(3, lines.length + 1)}
          required
          value={matchers}
          onChange={(event) => setMatchers(event.target.value)}
          placeholder={'alertname="DiskFull"\nenv=~"prod|staging"'}
          aria-describedby={`${id}-help`}
          spellCheck={false}
        />
      </label>
      <p id={`${id}-help`} className="muted small" style={{ margin: 0 }}>
        <code>=</code>, <code>!=</code>, <code>=~</code> (a regex matching the whole value), <code>!~</code>; over the alert's labels and{' '}
        <code>severity</code>, <code>platform</code>, <code>integration</code>. Every line must hold.
      </p>
      <div className="field-row">
        {startEditable ? (
          <label>
            Starts (empty: now)
            <input type="datetime-local" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
          </label>
        ) : (
          <span className="small">
            Started <Time iso={silence?.starts_at} />
          </span>
        )}
        <label>
          Ends
          <input type="datetime-local" required value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
        </label>
      </div>
      <label>
        Comment
        <input
          required
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder="Why: a deploy, a known outage, a ticket"
        />
      </label>
      <Preview preview={preview} hasMatchers={previewed.length > 0} />
      {save.error ? (
        <div className="alert-box error" role="alert">
          {problem(save.error)}
        </div>
      ) : null}
      <FormActions label={silence ? 'Save silence' : 'Create silence'} pending={save.isPending} onCancel={onCancel} />
    </form>
  );
}

type PreviewData = { open_incidents: Array<{ id: string; title: string; severity: string }>; open_incidents_total: number } & {
  recent_alerts: Array<{ id: string; title: string; received_at: string }>;
  recent_alerts_total: number;
};

function Preview({
  preview,
  hasMatchers,
}: {
  preview: { isPending: boolean; isFetching: boolean; error: unknown; data?: PreviewData };
  hasMatchers: boolean;
}) {
  if (!hasMatchers) return <p className="muted small">Type matchers to see what they would catch.</p>;
  if (preview.isPending) return <Loading label="Previewing" rows={1} />;
  if (preview.error)
    return (
      <div className="alert-box error" role="alert" data-testid="silence-preview-error">
        {problem(preview.error)}
      </div>
    );
  const data = preview.data as PreviewData;
  return (
    <section className="stack" aria-label="Preview" aria-busy={preview.isFetching} data-testid="silence-preview">
      <strong role="status">
        Would catch {data.open_incidents_total} open incident{data.open_incidents_total === 1 ? '' : 's'} and {data.recent_alerts_total}{' '}
        alert{data.recent_alerts_total === 1 ? '' : 's'} of the last 24 hours
      </strong>
      {data.open_incidents.length > 0 ? (
        <ul className="list small">
          {data.open_incidents.slice(0, 10).map((incident) => (
            <li key={incident.id} className="row">
              <Badge kind="sev" value={incident.severity} />
              <Link to={`/incidents/${incident.id}`}>{incident.title}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      {data.recent_alerts.length > 0 ? (
        <ul className="list small">
          {data.recent_alerts.slice(0, 5).map((alert) => (
            <li key={alert.id}>
              {alert.title} · <Time iso={alert.received_at} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
