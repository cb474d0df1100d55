import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, unwrap, type Incident } from '../lib/api.ts';
import { Badge, Empty, ErrorState, Loading, Options, PageHead, TableHead, Time } from '../components/ui.tsx';
import { OnCallNow } from '../components/OnCallNow.tsx';

const STATUSES = ['active', 'investigating', 'mitigated', 'resolved'] as const;
const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
const PAGE = 50;

type Status = (typeof STATUSES)[number];
type Severity = (typeof SEVERITIES)[number];

export function IncidentsPage() {
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Status) : undefined;
  const severity = (SEVERITIES as readonly string[]).includes(params.get('severity') ?? '')
    ? (params.get('severity') as Severity)
    : undefined;
  const search = params.get('q')?.trim() || undefined;
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const [text, setText] = useState(search ?? '');
  const [selected, setSelected] = useState(0);
  const navigate = useNavigate();
  const searchBox = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLTableSectionElement>(null);

  const incidents = useQuery({
    queryKey: ['incidents', { status, severity, search, offset }],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/incidents', { params: { query: { status, severity, search, limit: PAGE, offset } } })),
    placeholderData: keepPreviousData,
  });
  const rows: Incident[] = incidents.data?.data ?? [];
  const total = incidents.data?.meta.total ?? 0;

  const setFilter = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'offset') next.delete('offset');
    setParams(next);
    setSelected(0);
  };

  // `/` jumps to the filter box from anywhere on the page, as in most consoles.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.key === '/' && !['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) {
        event.preventDefault();
        searchBox.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onTableKey = (event: KeyboardEvent) => {
    if (rows.length === 0) return;
    const move = (to: number) => {
      event.preventDefault();
      const index = Math.min(rows.length - 1, Math.max(0, to));
      setSelected(index);
      table.current?.querySelectorAll<HTMLElement>('tr')[index]?.focus();
    };
    if (event.key === 'ArrowDown' || event.key === 'j') move(selected + 1);
    else if (event.key === 'ArrowUp' || event.key === 'k') move(selected - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(rows.length - 1);
    else if (event.key === 'Enter' && rows[selected]) navigate(`/incidents/${rows[selected].id}`);
  };

  return (
    <>
      <PageHead title="Incidents">
        <span className="muted small hide-narrow">
          <span className="kbd">/</span> filter · <span className="kbd">↑</span> <span className="kbd">↓</span> move ·{' '}
          <span className="kbd">Enter</span> open
        </span>
      </PageHead>
      <OnCallNow />
      <form
        className="field-row card"
        role="search"
        aria-label="Filter incidents"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter('q', text.trim() || undefined);
        }}
      >
        <label>
          Text
          <input
            ref={searchBox}
            type="search"
            placeholder="Title or description"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <label>
          Status
          <select value={status ?? ''} onChange={(event) => setFilter('status', event.target.value || undefined)}>
            <option value="">Any status</option>
            <Options values={STATUSES} />
          </select>
        </label>
        <label>
          Severity
          <select value={severity ?? ''} onChange={(event) => setFilter('severity', event.target.value || undefined)}>
            <option value="">Any severity</option>
            <Options values={SEVERITIES} />
          </select>
        </label>
        <button type="submit">Apply</button>
      </form>
      <section className="card card-flush" aria-label="Incident list">
        {incidents.isPending ? (
          <div className="card">
            <Loading label="Loading incidents" rows={5} />
          </div>
        ) : incidents.error ? (
          <ErrorState error={incidents.error} retry={() => void incidents.refetch()} />
        ) : rows.length === 0 ? (
          <Empty title={status || severity || search ? 'No incident matches these filters' : 'No incidents yet'}>
            {status || severity || search ? null : (
              <span>
                Alerts sent to an <Link to="/integrations">integration</Link> open incidents here, live.
              </span>
            )}
          </Empty>
        ) : (
          <table aria-rowcount={total}>
            <TableHead
              columns={['Incident', 'Severity', 'Status', { label: 'Alerts', hideNarrow: true }, { label: 'Opened', hideNarrow: true }]}
            />
            <tbody ref={table} onKeyDown={onTableKey}>
              {rows.map((incident, index) => (
                <tr
                  key={incident.id}
                  className="clickable"
                  tabIndex={index === selected ? 0 : -1}
                  aria-selected={index === selected}
                  data-testid="incident-row"
                  onClick={() => navigate(`/incidents/${incident.id}`)}
                  onFocus={() => setSelected(index)}
                >
                  <td>
                    <Link className="title-link" to={`/incidents/${incident.id}`} tabIndex={-1}>
                      {incident.title}
                    </Link>
                    <div className="muted small">{incident.source}</div>
                  </td>
                  <td>
                    <Badge kind="sev" value={incident.severity} />
                    {/* Newer than the generated client (regenerated when the routes merge). */}
                    {(incident as { priority?: string | null }).priority ? (
                      <span className="badge" title="Priority">
                        {' '}
                        {(incident as { priority?: string | null }).priority}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <Badge kind="st" value={incident.status} />
                  </td>
                  <td className="hide-narrow">{incident.alert_count}</td>
                  <td className="hide-narrow">
                    <Time iso={incident.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {total > PAGE ? (
        <nav className="row" aria-label="Pages">
          <button type="button" disabled={offset === 0} onClick={() => setFilter('offset', String(Math.max(0, offset - PAGE)))}>
            Previous
          </button>
          <span className="muted">
            {offset + 1}–{Math.min(total, offset + PAGE)} of {total}
          </span>
          <button type="button" disabled={offset + PAGE >= total} onClick={() => setFilter('offset', String(offset + PAGE))}>
            Next
          </button>
        </nav>
      ) : null}
    </>
  );
}
