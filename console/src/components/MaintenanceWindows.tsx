import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, everyPage, expectOk, LIST_PAGE, unwrap, type Schemas } from '../lib/api.ts';
import { canWrite, useUser } from '../lib/session.tsx';
import { fromLocalInput, toLocalInput, windowRule, type Repeat } from '../lib/silences.ts';
import { problem } from './SilenceEditor.tsx';
import { ErrorState, FormActions, Loading, Options } from './ui.tsx';

type MaintenanceWindow = Schemas['MaintenanceWindow'];
const REPEATS: Array<{ value: Repeat; label: string }> = [
  { value: 'none', label: 'Once' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekdays', label: 'Every weekday' },
  { value: 'weekly', label: 'Every week on that day' },
  { value: 'custom', label: 'Custom RRULE' },
];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An integration's maintenance windows (and the organization-wide ones that cover it): list, plan, delete. */
export function MaintenanceWindows({ integrationId, integrationName }: { integrationId: string; integrationName: string }) {
  const user = useUser();
  // Windows share silences' permissions: engineers, admins and owners plan them.
  const writable = canWrite(user);
  const queryClient = useQueryClient();
  const [planning, setPlanning] = useState(false);
  const windows = useQuery({
    queryKey: ['maintenance-windows'],
    // Every window of the organization (the API has no integration filter), a page at a time.
    // Every window of the organization: the API has no integration filter.
    queryFn: () =>
      everyPage(async (offset) =>
        unwrap(await api.GET('/api/v1/maintenance-windows', { params: { query: { limit: LIST_PAGE, offset } } })),
      ),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => expectOk(await api.DELETE('/api/v1/maintenance-windows/{id}', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['maintenance-windows'] }),
  });
  const mine = (windows.data ?? []).filter(
    (window) => window.integration_ids.length === 0 || window.integration_ids.includes(integrationId),
  );
  return (
    <section className="stack" aria-label={`Maintenance windows of ${integrationName}`}>
      <div className="row">
        <h3 style={{ margin: 0 }}>Maintenance windows</h3>
        <span style={{ flex: 1 }} />
        {writable && !planning ? (
          <button type="button" onClick={() => setPlanning(true)}>
            Plan maintenance
          </button>
        ) : null}
      </div>
      {planning ? <NewWindow integrationId={integrationId} onDone={() => setPlanning(false)} /> : null}
      {windows.isPending ? (
        <Loading rows={1} />
      ) : windows.error ? (
        <ErrorState error={windows.error} retry={() => void windows.refetch()} />
      ) : mine.length === 0 ? (
        <p className="muted small" style={{ margin: 0 }}>
          None: alerts of this integration are never muted for maintenance.
        </p>
      ) : (
        <ul className="list small">
          {mine.map((window) => (
            <WindowItem
              key={window.id}
              window={window}
              writable={writable}
              onDelete={() => remove.mutate(window.id)}
              deleting={remove.isPending}
            />
          ))}
        </ul>
      )}
      {remove.error ? (
        <div className="alert-box error" role="alert">
          {problem(remove.error)}
        </div>
      ) : null}
    </section>
  );
}

function WindowItem({
  window,
  writable,
  onDelete,
  deleting,
}: {
  window: MaintenanceWindow;
  writable: boolean;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <li className="row" data-testid="maintenance-window">
      <div className="stack" style={{ gap: 2, flex: 1 }}>
        <span>
          <strong>{window.description}</strong>
          {window.in_effect ? (
            <>
              {' '}
              <span className="badge st-running">in effect</span>
            </>
          ) : null}
        </span>
        <span className="muted">
          {when.format(new Date(window.starts_at))} – {when.format(new Date(window.ends_at))}
          {window.rrule ? (
            <>
              {' '}
              · repeats <code>{window.rrule}</code> ({window.time_zone})
            </>
          ) : null}
          {window.integration_ids.length === 0 ? ' · whole organization' : ''}
        </span>
      </div>
      {writable ? (
        <button type="button" onClick={onDelete} disabled={deleting} aria-label={`Delete maintenance window ${window.description}`}>
          Delete
        </button>
      ) : null}
    </li>
  );
}

function NewWindow({ integrationId, onDone }: { integrationId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const hour = 3_600_000;
  const [description, setDescription] = useState('');
  const [startsAt, setStartsAt] = useState(toLocalInput(new Date(Date.now() + hour)));
  const [endsAt, setEndsAt] = useState(toLocalInput(new Date(Date.now() + 3 * hour)));
  const [repeat, setRepeat] = useState<Repeat>('none');
  const [custom, setCustom] = useState('');
  const [wholeOrganization, setWholeOrganization] = useState(false);
  // The times are typed in the browser's zone: a recurring window keeps that wall-clock time there.
  const timeZone = browserZone();
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/maintenance-windows', {
          body: {
            description: description.trim(),
            integration_ids: wholeOrganization ? [] : [integrationId],
            starts_at: fromLocalInput(startsAt) ?? '',
            ends_at: fromLocalInput(endsAt) ?? '',
            rrule: windowRule(repeat, startsAt, custom),
            time_zone: timeZone,
          },
        }),
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['maintenance-windows'] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Plan a maintenance window">
      <label>
        Description
        <input
          required
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="Weekly database maintenance"
        />
      </label>
      <div className="field-row">
        <label>
          Starts
          <input type="datetime-local" required value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
        </label>
        <label>
          Ends
          <input type="datetime-local" required value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
        </label>
        <label>
          Repeat
          <select value={repeat} onChange={(event) => setRepeat(event.target.value as Repeat)}>
            <Options values={REPEATS} />
          </select>
        </label>
        {repeat === 'custom' ? (
          <label>
            RRULE
            <input
              className="mono"
              required
              value={custom}
              onChange={(event) => setCustom(event.target.value)}
              placeholder="FREQ=WEEKLY;BYDAY=SA"
            />
          </label>
        ) : null}
      </div>
      <p className="muted small" style={{ margin: 0 }}>
        Times are in {timeZone}; a recurring window keeps that wall-clock time across daylight-saving changes.
      </p>
      <label className="row">
        <input type="checkbox" checked={wholeOrganization} onChange={(event) => setWholeOrganization(event.target.checked)} />
        Every integration of the organization
      </label>
      {create.error ? (
        <div className="alert-box error" role="alert">
          {problem(create.error)}
        </div>
      ) : null}
      <FormActions label="Create window" pending={create.isPending} onCancel={onDone} />
    </form>
  );
}
