import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, expectOk } from '../lib/api.ts';
import { canWrite, isAdmin, useUser } from '../lib/session.tsx';
import { SCHEDULES_KEY, shiftsQuery, useMembers, useSchedule, type Schedule } from '../lib/schedules.ts';
import { formatRange, formatWindow, twoWeekWindow, zoneLabel, type Interval } from '../lib/timeline.ts';
import { ScheduleTimeline } from '../components/ScheduleTimeline.tsx';
import { ErrorState, FieldErrors, Loading, QueryCard } from '../components/ui.tsx';
import { CalendarFeeds } from './ScheduleFeeds.tsx';
import { ScheduleForm } from './ScheduleForm.tsx';
import { OverrideForm, Overrides } from './ScheduleOverrides.tsx';
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
      <CalendarFeeds schedule={schedule} />
      <Overrides schedule={schedule} members={members.data ?? []} />
    </SchedulesFrame>
  );
}
