import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { isAdmin, useUser } from '../lib/session.tsx';
import { memberName, useMembers, useOnCallNow, useSchedules } from '../lib/schedules.ts';
import { formatInstant } from '../lib/timeline.ts';
import { Empty, PageHead, QueryCard, TableHead } from '../components/ui.tsx';
import { ScheduleForm } from './ScheduleForm.tsx';

/** The heading and tabs every schedules page shares. */
export function SchedulesFrame({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHead title={title}>{action}</PageHead>
      <nav className="tabs" aria-label="Schedules">
        <NavLink to="/schedules" end>
          All schedules
        </NavLink>
        <NavLink to="/schedules/my-shifts">My shifts</NavLink>
      </nav>
      {children}
    </>
  );
}

export function SchedulesPage() {
  const user = useUser();
  const [creating, setCreating] = useState(false);
  const schedules = useSchedules();
  const onCall = useOnCallNow();
  const members = useMembers();
  return (
    <SchedulesFrame
      title="Schedules"
      action={
        isAdmin(user) && !creating ? (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New schedule
          </button>
        ) : null
      }
    >
      {creating ? <ScheduleForm onCancel={() => setCreating(false)} /> : null}
      <QueryCard query={schedules} label="Loading schedules">
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <Empty title="No schedules yet">
                A schedule says who carries the pager: layers of rotations or imported calendars in a time zone, and overrides.
                {isAdmin(user) ? null : ' Owners and admins create them.'}
              </Empty>
            </div>
          ) : (
            <section className="card card-flush" aria-label="Schedule list">
              <table>
                <TableHead
                  columns={['Schedule', 'On call now', { label: 'Time zone', hideNarrow: true }, { label: 'Layers', hideNarrow: true }]}
                />
                <tbody>
                  {list.map((schedule) => {
                    const now = onCall.data?.find((entry) => entry.schedule_id === schedule.id);
                    return (
                      <tr key={schedule.id}>
                        <td>
                          <Link className="title-link" to={`/schedules/${schedule.id}`}>
                            {schedule.name}
                          </Link>
                          {schedule.description ? <div className="muted small">{schedule.description}</div> : null}
                        </td>
                        <td>
                          {!now ? (
                            <span className="muted">—</span>
                          ) : now.user_id ? (
                            <>
                              {memberName(members.data, now.user_id)}
                              {now.end ? <div className="muted small">until {formatInstant(now.end, schedule.time_zone)}</div> : null}
                            </>
                          ) : (
                            <span className="gap-text">Nobody (gap)</span>
                          )}
                        </td>
                        <td className="hide-narrow">{schedule.time_zone}</td>
                        <td className="hide-narrow">{schedule.layers.length}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          )
        }
      </QueryCard>
    </SchedulesFrame>
  );
}
