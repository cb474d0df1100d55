import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, expectOk, unwrap } from '../lib/api.ts';
import { useUser } from '../lib/session.tsx';
import { shiftsQuery, useSchedules } from '../lib/schedules.ts';
import { formatRange } from '../lib/timeline.ts';
import { CardSection, Empty, ErrorState, FieldErrors, Loading, TableHead, Time } from '../components/ui.tsx';
import { AskForCover, ShiftSwapRequests } from '../components/ShiftSwaps.tsx';
import { SchedulesFrame } from './Schedules.tsx';

const DAY = 86_400_000;
const AHEAD_DAYS = 14;

export function MyShiftsPage() {
  return (
    <SchedulesFrame title="My shifts">
      <UpcomingShifts />
      <ShiftSwapRequests />
      <CalendarFeed />
    </SchedulesFrame>
  );
}

/** The signed-in member's shifts of the next two weeks, across every schedule, soonest first. */
function UpcomingShifts() {
  const user = useUser();
  // Whole minutes: the same window (and cache entry) for the life of the page.
  const [from] = useState(() => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString());
  const to = new Date(Date.parse(from) + AHEAD_DAYS * DAY).toISOString();
  const schedules = useSchedules();
  const rendered = useQueries({ queries: (schedules.data ?? []).map((schedule) => shiftsQuery(schedule.id, from, to)) });
  const failed = rendered.find((query) => query.error)?.error;
  const pending = schedules.isPending || rendered.some((query) => query.isPending);
  const mine = (schedules.data ?? [])
    .flatMap((schedule, index) =>
      (rendered[index]?.data?.shifts ?? []).filter((shift) => shift.user_id === user.id).map((shift) => ({ ...shift, schedule })),
    )
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return (
    <section className="card card-flush" aria-labelledby="upcoming-title">
      <h2 id="upcoming-title" className="card-title">
        Your shifts, the next {AHEAD_DAYS} days
      </h2>
      {schedules.error || failed ? (
        <ErrorState error={schedules.error ?? failed} retry={() => void schedules.refetch()} />
      ) : pending ? (
        <Loading label="Loading your shifts" rows={3} />
      ) : mine.length === 0 ? (
        <Empty title="No shifts in the next two weeks">
          <span>
            You are in no rotation or override until then. <Link to="/schedules">See the schedules</Link>
          </span>
        </Empty>
      ) : (
        <table>
          <TableHead columns={['Schedule', 'When', { label: 'Source', hideNarrow: true }]} actions />
          <tbody>
            {mine.map((shift) => (
              <tr key={`${shift.schedule.id}-${shift.start}`} data-testid="my-shift">
                <td>
                  <Link className="title-link" to={`/schedules/${shift.schedule.id}`}>
                    {shift.schedule.name}
                  </Link>
                </td>
                <td>
                  {Date.parse(shift.start) <= Date.now() ? <strong>On call now · </strong> : null}
                  {formatRange(shift.start, shift.end, shift.schedule.time_zone)}{' '}
                  <span className="muted small">({shift.schedule.time_zone})</span>
                </td>
                <td className="hide-narrow">{shift.source}</td>
                <td>
                  <AskForCover scheduleId={shift.schedule.id} start={shift.start} end={shift.end} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The personal iCalendar feed: its URL is shown once, when created or rotated. */
function CalendarFeed() {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string>();
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const status = useQuery({
    queryKey: ['calendar-feed'],
    queryFn: async () => unwrap(await api.GET('/api/v1/users/me/calendar-feed')).data,
  });
  const create = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/users/me/calendar-feed')).data,
    onSuccess: (feed) => {
      setUrl(feed.url ?? undefined);
      setCopied(undefined);
      queryClient.setQueryData(['calendar-feed'], feed);
    },
  });
  const revoke = useMutation({
    mutationFn: async () => expectOk(await api.DELETE('/api/v1/users/me/calendar-feed')),
    onSuccess: () => {
      setUrl(undefined);
      void queryClient.invalidateQueries({ queryKey: ['calendar-feed'] });
    },
  });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <CardSection titleId="feed-title" title="Calendar feed">
      <p className="muted small" style={{ margin: 0 }}>
        A secret address listing your shifts across every schedule (a week back, 90 days ahead) for your calendar app. It works without
        signing in, so keep it private: rotate it if it leaks, revoke it when you no longer need it.
      </p>
      {status.isPending ? (
        <Loading label="Loading your feed" rows={1} />
      ) : status.error ? (
        <ErrorState error={status.error} retry={() => void status.refetch()} />
      ) : (
        <>
          {url ? (
            <div className="alert-box warn stack" role="status">
              <strong>Your feed address: copy it now, it is not shown again.</strong>
              <code className="secret" data-testid="feed-url">
                {url}
              </code>
              <div className="row">
                <button type="button" className="primary" onClick={() => void copy()}>
                  Copy feed address
                </button>
                <span aria-live="polite" className="small">
                  {copied === 'yes'
                    ? 'Copied to the clipboard.'
                    : copied === 'failed'
                      ? 'Could not copy: select the address and copy it.'
                      : ''}
                </span>
              </div>
            </div>
          ) : status.data.enabled ? (
            <p style={{ margin: 0 }}>
              Your feed is on, created <Time iso={status.data.created_at} />. Its address was shown when you created it; rotate it to see a
              new one (the old one stops working).
            </p>
          ) : (
            <p style={{ margin: 0 }}>You have no calendar feed.</p>
          )}
          <div className="row">
            <button type="button" disabled={create.isPending} onClick={() => create.mutate()}>
              {status.data.enabled ? 'Rotate feed address' : 'Create feed address'}
            </button>
            {status.data.enabled ? (
              <button type="button" className="danger" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
                Revoke feed
              </button>
            ) : null}
          </div>
          <FieldErrors error={create.error ?? revoke.error} />
        </>
      )}
    </CardSection>
  );
}
