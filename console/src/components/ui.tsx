import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { ApiError } from '../lib/api.ts';

export function Badge({ kind, value }: { kind: 'sev' | 'st'; value: string }) {
  return (
    <span className={`badge ${kind}-${value}`}>
      {kind === 'sev' ? <span className="dot" aria-hidden="true" /> : null}
      {value}
    </span>
  );
}

export function Loading({ label = 'Loading', rows = 3 }: { label?: string; rows?: number }) {
  return (
    <div className="stack" role="status" aria-live="polite">
      <span className="visually-hidden">{label}…</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton" style={{ width: `${90 - index * 15}%` }} />
      ))}
    </div>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  return (
    <div className="state error" role="alert">
      <strong>Could not load this</strong>
      <span>{message}</span>
      {retry ? (
        <button type="button" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state">
      <strong>{title}</strong>
      {children}
    </div>
  );
}

export function FullPageLoading({ error }: { error?: unknown }) {
  return (
    <main className="auth-page">
      <div className="card auth-card">
        {error ? <ErrorState error={error} retry={() => window.location.reload()} /> : <Loading label="Opening the console" />}
      </div>
    </main>
  );
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relative.format(seconds, 'second');
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  return relative.format(Math.round(seconds / 86_400), 'day');
}

export function Time({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="muted">—</span>;
  return (
    <time dateTime={iso} title={absolute.format(new Date(iso))}>
      {timeAgo(iso)}
    </time>
  );
}

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}

export function PageHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-head">
      <h1>{title}</h1>
      <span className="spacer" />
      {children}
    </div>
  );
}

/** A page's main query: its loading and error states in a card until the data is there. */
export function QueryCard<T>({
  query,
  label,
  rows,
  retry = true,
  children,
}: {
  query: UseQueryResult<T>;
  label?: string;
  rows?: number;
  retry?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="card">
        <Loading label={label} rows={rows} />
      </div>
    );
  if (query.error)
    return (
      <div className="card">
        <ErrorState error={query.error} retry={retry ? () => void query.refetch() : undefined} />
      </div>
    );
  return <>{children(query.data as T)}</>;
}

/** A failed request's message, and on 422 each field the API refused (`body.layers.0.start: ...`). */
export function FieldErrors({ error }: { error: Error | null }) {
  if (!error) return null;
  const fields = error instanceof ApiError ? error.errors : [];
  return (
    <div className="alert-box error" role="alert">
      {error.message}
      {fields.length ? (
        <ul className="small" style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {fields.map((field) => (
            <li key={`${field.path}:${field.message}`}>
              <code>{field.path.replace(/^body\./, '')}</code>: {field.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A select's options: a value that is its own label, or a value with its label. */
export function Options({ values }: { values: ReadonlyArray<string | { value: string; label: string }> }) {
  return (
    <>
      {values.map((option) => {
        const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}

/** A table column: its heading, and whether it is hidden on narrow screens. */
export type Column = string | { label: string; hideNarrow: true };

/** A table's header row, one heading a column; `actions` adds the column of row buttons. */
export function TableHead({ columns, actions = false }: { columns: Column[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className="hide-narrow">
              {column.label}
            </th>
          ),
        )}
        {actions ? <ActionsHeader /> : null}
      </tr>
    </thead>
  );
}

/** The header cell over a table's row buttons: named for screen readers only. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}

/** A form's closing row: its submit button (disabled while it is sent) and Cancel. */
export function FormActions({ label, pending, onCancel }: { label: ReactNode; pending: boolean; onCancel: () => void }) {
  return (
    <div className="row">
      <button type="submit" className="primary" disabled={pending}>
        {label}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** A card section named by its heading. */
export function CardSection({ titleId, title, children }: { titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} style={{ margin: 0 }}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An editor card: a form named by its heading; submitting runs `onSubmit` in place of a page load. */
export function CardForm({ title, onSubmit, children }: { title: string; onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </form>
  );
}
