import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, unwrap, type Schemas } from '../lib/api.ts';
import { highlightSegments } from '../lib/highlight.ts';
import { Empty, ErrorState, Loading, Options, PageHead } from '../components/ui.tsx';

type Hit = Schemas['SearchHit'];
const TYPES = [
  { value: 'incident', label: 'Incidents' },
  { value: 'procedure', label: 'Runbooks' },
  { value: 'article', label: 'Articles' },
] as const;
type SearchType = (typeof TYPES)[number]['value'];
const MODES = ['hybrid', 'keyword', 'semantic'] as const;

/** The API's highlight HTML as text and <mark>: never inserted as HTML. */
export function Highlighted({ html }: { html: string }) {
  return (
    <>
      {highlightSegments(html).map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </>
  );
}

function hitLink(hit: Hit): string | undefined {
  if (hit.type === 'incident') return `/incidents/${hit.id}`;
  if (hit.type === 'procedure') return `/runbooks?highlight=${hit.id}`;
  return undefined;
}

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const mode = (MODES as readonly string[]).includes(params.get('mode') ?? '') ? (params.get('mode') as (typeof MODES)[number]) : 'hybrid';
  const types =
    params
      .get('types')
      ?.split(',')
      .filter((type): type is SearchType => TYPES.some((known) => known.value === type)) ?? [];
  const [text, setText] = useState(query);
  const results = useQuery({
    queryKey: ['search', { query, mode, types }],
    enabled: query.length > 0,
    queryFn: async () =>
      unwrap(await api.POST('/api/v1/search/query', { body: { query, mode, limit: 20, ...(types.length ? { types } : {}) } })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    next.set('q', text.trim());
    setParams(next);
  };
  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  const toggleType = (type: SearchType) => {
    const next = types.includes(type) ? types.filter((known) => known !== type) : [...types, type];
    setParam('types', next.join(','));
  };
  return (
    <>
      <PageHead title="Search" />
      <form className="card stack" role="search" aria-label="Search incidents, runbooks and articles" onSubmit={submit}>
        <div className="row">
          <label className="visually-hidden" htmlFor="search-input">
            Search for
          </label>
          <input
            id="search-input"
            type="search"
            style={{ flex: 1, minWidth: 200 }}
            placeholder="Words, an error message, a symptom…"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="primary">
            Search
          </button>
        </div>
        <div className="row">
          <fieldset className="row" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="visually-hidden">Types</legend>
            {TYPES.map((type) => (
              <label key={type.value} className="row" style={{ flexDirection: 'row', fontWeight: 500 }}>
                <input
                  type="checkbox"
                  checked={types.length === 0 || types.includes(type.value)}
                  onChange={() => toggleType(type.value)}
                  style={{ minHeight: 0 }}
                />
                {type.label}
              </label>
            ))}
          </fieldset>
          <label className="row" style={{ flexDirection: 'row', marginLeft: 'auto' }}>
            Mode
            <select value={mode} onChange={(event) => setParam('mode', event.target.value === 'hybrid' ? '' : event.target.value)}>
              <Options values={MODES} />
            </select>
          </label>
        </div>
      </form>
      <section className="card" aria-label="Results">
        {!query ? (
          <Empty title="Search everything">Incidents, runbooks and knowledge-base articles, by words and by meaning.</Empty>
        ) : results.isPending ? (
          <Loading label="Searching" rows={4} />
        ) : results.error ? (
          <ErrorState error={results.error} retry={() => void results.refetch()} />
        ) : results.data.data.length === 0 ? (
          <Empty title={`Nothing found for “${query}”`}>Try other words, or the keyword mode for exact terms.</Empty>
        ) : (
          <>
            <p className="muted small" role="status">
              {results.data.meta.total} result{results.data.meta.total === 1 ? '' : 's'} in {results.data.meta.took_ms} ms (
              {results.data.meta.mode})
            </p>
            <ul className="list" data-testid="search-results">
              {results.data.data.map((hit) => {
                const link = hitLink(hit);
                return (
                  <li key={`${hit.type}:${hit.id}`} className="stack" style={{ gap: 4 }}>
                    <div className="row">
                      <span className="badge">{hit.type === 'procedure' ? 'runbook' : hit.type}</span>
                      {link ? (
                        <Link className="title-link" to={link}>
                          {hit.title}
                        </Link>
                      ) : (
                        <strong>{hit.title}</strong>
                      )}
                    </div>
                    <div className="muted">
                      <Highlighted html={hit.highlights[0] ?? hit.snippet} />
                    </div>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
