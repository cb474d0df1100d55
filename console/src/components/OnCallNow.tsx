import { Link } from 'react-router';
import { memberName, useMembers, useOnCallNow } from '../lib/schedules.ts';
import { formatInstant } from '../lib/timeline.ts';

/** One line per schedule: who carries the pager now and until when; nothing without schedules. */
export function OnCallNow() {
  const onCall = useOnCallNow();
  const members = useMembers();
  // The incident list matters more: a failure here is a short note, not an error card.
  if (onCall.error)
    return (
      <p className="muted small" role="status">
        Could not load who is on call.
      </p>
    );
  if (!onCall.data || onCall.data.length === 0) return null;
  return (
    <section className="card oncall-now" aria-labelledby="oncall-now-title">
      <h2 id="oncall-now-title" className="small">
        On call now
      </h2>
      <ul>
        {onCall.data.map((entry) => (
          <li key={entry.schedule_id}>
            <Link to={`/schedules/${entry.schedule_id}`}>{entry.schedule_name}</Link>:{' '}
            {entry.user_id ? (
              <>
                <strong>{memberName(members.data, entry.user_id)}</strong>
                {entry.source === 'override' ? ' (override)' : ''}
                {entry.end ? <span className="muted"> until {formatInstant(entry.end, entry.time_zone)}</span> : null}
              </>
            ) : (
              <span className="gap-text">nobody (gap)</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
