import { memberName, type Member, type ScheduleShifts } from '../lib/schedules.ts';
import { formatRange, rowSegments, windowDays, type Interval, type Segment, type Window } from '../lib/timeline.ts';

/**
 * A schedule's two weeks: one row per layer, then the final schedule. Gaps carry the word "Gap"
 * and a hatched pattern, not a colour alone; every segment has its full text for screen readers.
 * With `onPick`, the final row's segments are buttons that start an override over them.
 */
export function ScheduleTimeline({
  shifts,
  period,
  zone,
  layerNames,
  members,
  now,
  onPick,
}: {
  shifts: ScheduleShifts;
  period: Window;
  zone: string;
  layerNames: string[];
  members: Member[];
  now: Date;
  onPick?: (interval: Interval) => void;
}) {
  const days = windowDays(period, zone);
  const nowAt = ((now.getTime() - Date.parse(period.from)) / (Date.parse(period.to) - Date.parse(period.from))) * 100;
  const final = rowSegments(shifts.shifts, period, shifts.gaps);
  return (
    // Focusable: on a narrow screen the rows scroll sideways, also from the keyboard.
    <div className="tl" role="group" aria-label="Timeline" tabIndex={0}>
      <div className="tl-row">
        <span className="tl-label" aria-hidden="true" />
        <div className="tl-track tl-days" aria-hidden="true">
          {days.map((day) => (
            <span key={day.iso} className="tl-day" style={{ left: `${day.left}%`, width: `${day.width}%` }}>
              {day.label}
            </span>
          ))}
        </div>
      </div>
      {shifts.layers.map((layer) => (
        <Row
          key={layer.index}
          id={`layer-${layer.index}`}
          label={layerNames[layer.index] ?? `Layer ${layer.index + 1}`}
          segments={rowSegments(layer.shifts, period)}
          zone={zone}
          members={members}
          days={days}
          nowAt={nowAt}
        />
      ))}
      <Row id="final" label="Final schedule" segments={final} zone={zone} members={members} days={days} nowAt={nowAt} onPick={onPick} />
    </div>
  );
}

function Row({
  id,
  label,
  segments,
  zone,
  members,
  days,
  nowAt,
  onPick,
}: {
  id: string;
  label: string;
  segments: Segment[];
  zone: string;
  members: Member[];
  days: Array<{ left: number }>;
  nowAt: number;
  onPick?: (interval: Interval) => void;
}) {
  const labelId = `tl-${id}`;
  return (
    <div className={`tl-row ${id === 'final' ? 'tl-final' : ''}`}>
      <span className="tl-label" id={labelId}>
        {label}
      </span>
      <div className="tl-track">
        {days.map((day, index) => (index === 0 ? null : <span key={index} className="tl-rule" style={{ left: `${day.left}%` }} />))}
        {nowAt > 0 && nowAt < 100 ? <span className="tl-now" style={{ left: `${nowAt}%` }} title="Now" /> : null}
        <ol className="tl-segments" aria-labelledby={labelId}>
          {segments.map((segment) => {
            const range = formatRange(segment.start, segment.end, zone);
            const gap = segment.kind === 'gap';
            const who = gap ? 'Gap' : memberName(members, segment.user_id);
            const full = gap ? `Gap: nobody on call, ${range}` : `${who}, ${range}${segment.source === 'override' ? ', override' : ''}`;
            const body = (
              <>
                <span className="tl-text" aria-hidden="true">
                  {who}
                  {segment.source === 'override' ? ' ⟳' : ''}
                </span>
                <span className="visually-hidden">
                  {full}
                  {onPick ? (gap ? '. Add an override to cover it' : '. Add an override over it') : ''}
                </span>
              </>
            );
            return (
              <li
                key={`${segment.kind}-${segment.start}`}
                className={`tl-seg ${gap ? 'tl-gap' : segment.source === 'override' ? 'tl-override' : 'tl-shift'}`}
                style={{ left: `${segment.left}%`, width: `${segment.width}%` }}
                title={full}
                data-kind={segment.kind}
              >
                {onPick ? (
                  <button type="button" onClick={() => onPick({ start: segment.start, end: segment.end })}>
                    {body}
                  </button>
                ) : (
                  body
                )}
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
