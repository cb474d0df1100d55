import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';
import { isAdmin, useUser } from '../lib/session.tsx';
import { SCHEDULES_KEY, type Schedule } from '../lib/schedules.ts';
import { formatInstant } from '../lib/timeline.ts';
import { CardSection, FieldErrors } from '../components/ui.tsx';

type IcalLayer = Extract<Schedule['layers'][number], { kind: 'ical' }>;

/** The schedule's `ical` layers with how their last fetch went; owners and admins may fetch one now. */
export function CalendarFeeds({ schedule }: { schedule: Schedule }) {
  const feeds = schedule.layers.flatMap((layer, index) => (layer.kind === 'ical' ? [{ layer, index }] : []));
  if (feeds.length === 0) return null;
  return (
    <CardSection titleId="feeds-title" title="Imported calendars">
      <ul className="list">
        {feeds.map(({ layer, index }) => (
          <FeedState key={layer.id} schedule={schedule} layer={layer} label={`Layer ${index + 1}${layer.name ? `: ${layer.name}` : ''}`} />
        ))}
      </ul>
    </CardSection>
  );
}

function FeedState({ schedule, layer, label }: { schedule: Schedule; layer: IcalLayer; label: string }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const zone = schedule.time_zone;
  const refresh = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/schedules/{id}/layers/{layer_id}/refresh', {
          params: { path: { id: schedule.id, layer_id: layer.id } },
        }),
      ).data,
    // The answer is the schedule after the fetch; its shifts changed with it.
    onSuccess: (saved) => {
      queryClient.setQueryData([SCHEDULES_KEY, 'one', schedule.id], saved);
      void queryClient.invalidateQueries({ queryKey: [SCHEDULES_KEY] });
    },
  });
  const never = <span className="muted">not yet</span>;
  return (
    <li className="stack" aria-label={label} data-testid="calendar-feed">
      <div className="row">
        <strong>{label}</strong>
        <span className="muted small">{layer.url_hint ?? 'no URL'}</span>
        <span style={{ flex: 1 }} />
        {isAdmin(user) ? (
          <button type="button" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
            {refresh.isPending ? 'Fetching…' : 'Refresh now'}
            <span className="visually-hidden"> {label}</span>
          </button>
        ) : null}
      </div>
      <dl className="small feed-state">
        <div>
          <dt>Last fetched</dt>
          <dd>{layer.last_fetched_at ? formatInstant(layer.last_fetched_at, zone) : never}</dd>
        </div>
        <div>
          <dt>Last success</dt>
          <dd>{layer.last_succeeded_at ? formatInstant(layer.last_succeeded_at, zone) : never}</dd>
        </div>
        <div>
          <dt>Events imported</dt>
          <dd>{layer.event_count}</dd>
        </div>
        <div>
          <dt>Unmatched</dt>
          <dd>{layer.unmatched_count === 0 ? 0 : `${layer.unmatched_count} (no member with that email)`}</dd>
        </div>
      </dl>
      {layer.last_error ? (
        <p className="alert-box warn small" style={{ margin: 0 }}>
          Last fetch failed: {layer.last_error}. The events of the last good fetch stay in place.
        </p>
      ) : null}
      <FieldErrors error={refresh.error} />
    </li>
  );
}
