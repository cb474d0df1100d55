import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, expectOk, unwrap } from '../lib/api.ts';
import { canWrite, isAdmin, useUser } from '../lib/session.tsx';
import { memberName, SCHEDULES_KEY, shiftsQuery, useMembers, useSchedule, type Member, type Schedule } from '../lib/schedules.ts';
import {
  formatRange,
  formatWindow,
  instantToLocalInput,
  localInputToInstant,
  twoWeekWindow,
  zoneLabel,
  type Interval,
} from '../lib/timeline.ts';
import { ScheduleTimeline } from '../components/ScheduleTimeline.tsx';
import { ErrorState, FieldErrors, Loading, QueryCard } from '../components/ui.tsx';
import { ScheduleForm } from './ScheduleForm.tsx';
import { SchedulesFrame } from './Schedules.tsx';

export function ScheduleDetailPage() {
  const { id = '' } = useParams();
  const schedule = useSchedule(id);
  return (
    <QueryCard query={schedule} label="Loading the schedule" retry={false}>
      {(loaded) => <ScheduleView key={loaded.id} schedule={loaded} />}
    </QueryCard>
  );
}

function ScheduleView({ schedule }: { schedule: Schedule }) {
  const user = useUser();
  const admin = isAdmin(user);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const members = useMembers();
  const [now] = useState(() => new Date());
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [override, setOverride] = useState<Interval>();
  const zone = schedule.time_zone;
  const period = twoWeekWindow(zone, page, now);
  const shifts = useQuery({ ...shiftsQuery(schedule.id, period.from, period.to), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: async () => expectOk(await api.DELETE('/api/v1/schedules/{id}', { params: { path: { id: schedule.id } } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [SCHEDULES_KEY] });
      navigate('/schedules');
    },
  });
  const layerNames = schedule.layers.map((layer, index) => `Layer ${index + 1}${layer.name ? `: ${layer.name}` : ''}`);
  return (
    <SchedulesFrame
      title={schedule.name}
      action={
        admin && !editing ? (
          <div className="row">
            <button type="button" onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          </div>
        ) : null
      }
    >
      <p className="muted" style={{ margin: 0 }}>
        Times in {zone}, {zoneLabel(zone, now)}. <Link to="/schedules">All schedules</Link>
      </p>
      {schedule.description ? <p style={{ margin: 0 }}>{schedule.description}</p> : null}
      {confirmDelete ? (
        <div className="alert-box warn row" role="alertdialog" aria-label="Delete this schedule">
          <span>Delete {schedule.name} and its overrides? This cannot be undone.</span>
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Delete for good
          </button>
          <button type="button" onClick={() => setConfirmDelete(false)}>
            Keep it
          </button>
          <FieldErrors error={remove.error} />
        </div>
      ) : null}
      {editing ? <ScheduleForm schedule={schedule} onCancel={() => setEditing(false)} /> : null}
      <section className="card stack" aria-labelledby="timeline-title" aria-busy={shifts.isFetching}>
        <div className="row">
          <h2 id="timeline-title" style={{ margin: 0 }}>
            {formatWindow(period, zone)}
          </h2>
          <span style={{ flex: 1 }} />
          <nav className="row" aria-label="Timeline period">
            <button type="button" onClick={() => setPage((p) => p - 1)}>
              Previous two weeks
            </button>
            <button type="button" disabled={page === 0} onClick={() => setPage(0)}>
              Today
            </button>
            <button type="button" onClick={() => setPage((p) => p + 1)}>
              Next two weeks
            </button>
          </nav>
        </div>
        {shifts.isPending ? (
          <Loading label="Loading shifts" rows={3} />
        ) : shifts.error ? (
          <ErrorState error={shifts.error} retry={() => void shifts.refetch()} />
        ) : (
          <>
            <ScheduleTimeline
              shifts={shifts.data}
              period={period}
              zone={zone}
              layerNames={layerNames}
              members={members.data ?? []}
              now={now}
              onPick={canWrite(user) ? setOverride : undefined}
            />
            <div className="small" data-testid="gap-summary">
              {shifts.data.gaps.length === 0 ? (
                <span>No gaps: someone is on call the whole two weeks.</span>
              ) : (
                <>
                  <strong className="gap-text">
                    {shifts.data.gaps.length} {shifts.data.gaps.length === 1 ? 'gap' : 'gaps'} with nobody on call:
                  </strong>{' '}
                  {shifts.data.gaps.map((gap) => formatRange(gap.start, gap.end, zone)).join('; ')}
                </>
              )}
            </div>
          </>
        )}
        {canWrite(user) && !override ? (
          <div>
            <button type="button" onClick={() => setOverride({ start: period.from, end: period.to })}>
              Add an override
            </button>
          </div>
        ) : null}
      </section>
      {override ? (
        <OverrideForm
          key={`${override.start}-${override.end}`}
          schedule={schedule}
          interval={override}
          members={members.data ?? []}
          onDone={() => setOverride(undefined)}
        />
      ) : null}
      <Overrides schedule={schedule} members={members.data ?? []} />
    </SchedulesFrame>
  );
}

/** Put someone on call over an interval; responders without `schedules:update` only themselves. */
function OverrideForm({
  schedule,
  interval,
  members,
  onDone,
}: {
  schedule: Schedule;
  interval: Interval;
  members: Member[];
  onDone: () => void;
}) {
  const user = useUser();
  const queryClient = useQueryClient();
  const zone = schedule.time_zone;
  const choices = isAdmin(user) ? members : [user];
  const [userId, setUserId] = useState(isAdmin(user) ? '' : user.id);
  const [start, setStart] = useState(instantToLocalInput(interval.start, zone));
  const [end, setEnd] = useState(instantToLocalInput(interval.end, zone));
  const add = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/schedules/{id}/overrides', {
          params: { path: { id: schedule.id } },
          body: { user_id: userId, start: localInputToInstant(start, zone) ?? start, end: localInputToInstant(end, zone) ?? end },
        }),
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [SCHEDULES_KEY] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} aria-label="Add an override">
      <h2>Add an override</h2>
      <p className="muted small" style={{ margin: 0 }}>
        The member is on call between the two times ({zone}), above every layer.
        {isAdmin(user) ? null : ' You can put yourself on call; schedule editors can put anyone.'}
      </p>
      <div className="field-row">
        <label>
          Who
          <select required value={userId} onChange={(event) => setUserId(event.target.value)}>
            {isAdmin(user) ? <option value="">Choose a member</option> : null}
            {choices.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
                {member.id === user.id ? ' (you)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="datetime-local" required value={start} onChange={(event) => setStart(event.target.value)} />
        </label>
        <label>
          Until
          <input type="datetime-local" required value={end} onChange={(event) => setEnd(event.target.value)} />
        </label>
      </div>
      <FieldErrors error={add.error} />
      <div className="row">
        <button type="submit" className="primary" disabled={add.isPending}>
          Add override
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Overrides({ schedule, members }: { schedule: Schedule; members: Member[] }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (overrideId: string) =>
      expectOk(
        await api.DELETE('/api/v1/schedules/{id}/overrides/{override_id}', {
          params: { path: { id: schedule.id, override_id: overrideId } },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [SCHEDULES_KEY] }),
  });
  const mayRemove = (userId: string) => isAdmin(user) || (canWrite(user) && userId === user.id);
  return (
    <section className="card" aria-labelledby="overrides-title">
      <h2 id="overrides-title">Overrides</h2>
      {schedule.overrides.length === 0 ? (
        <p className="muted small" style={{ margin: 0 }}>
          None coming up.
        </p>
      ) : (
        <ul className="list">
          {schedule.overrides.map((override) => {
            const who = memberName(members, override.user_id);
            return (
              <li key={override.id} className="row">
                <span>
                  {who} <span className="muted small">· {formatRange(override.start, override.end, schedule.time_zone)}</span>
                </span>
                <span style={{ flex: 1 }} />
                {mayRemove(override.user_id) ? (
                  <button type="button" disabled={remove.isPending} onClick={() => remove.mutate(override.id)}>
                    Remove
                    <span className="visually-hidden">
                      {' '}
                      the override of {who}, {formatRange(override.start, override.end, schedule.time_zone)}
                    </span>
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <FieldErrors error={remove.error} />
    </section>
  );
}
