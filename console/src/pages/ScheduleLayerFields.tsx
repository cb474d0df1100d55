import { useId, useState } from 'react';
import {
  WEEKDAYS,
  WORKDAYS,
  type IcalDraft,
  type LayerDraft,
  type LayerPatch,
  type RestrictionDraft,
  type Rotation,
  type RotationDraft,
  type Weekday,
} from '../lib/layer-drafts.ts';
import { memberName, type Member } from '../lib/schedules.ts';
import { Options } from '../components/ui.tsx';

/** One layer of the schedule form: its kind's own fields, start and end, restrictions. */
export function LayerFields({
  index,
  layer,
  members,
  onChange,
  onRemove,
}: {
  index: number;
  layer: LayerDraft;
  members: Member[];
  onChange: (patch: LayerPatch) => void;
  onRemove: () => void;
}) {
  const legend = `Layer ${index + 1}`;
  const setRestriction = (at: number, patch: Partial<RestrictionDraft>) =>
    onChange({ restrictions: layer.restrictions.map((r, i) => (i === at ? { ...r, ...patch } : r)) });
  return (
    <fieldset className="layer-fields stack" aria-label={legend}>
      <legend>{layer.kind === 'ical' ? `${legend}: iCalendar feed` : legend}</legend>
      {layer.kind === 'ical' ? (
        <IcalFields layer={layer} onChange={onChange} />
      ) : (
        <RotationFields legend={legend} layer={layer} members={members} onChange={onChange} />
      )}
      <div className="stack">
        <strong className="small">Restrictions</strong>
        {layer.restrictions.length === 0 ? <span className="muted small">None: the layer applies around the clock.</span> : null}
        {layer.restrictions.map((restriction, at) => (
          <fieldset key={at} className="field-row restriction" aria-label={`Restriction ${at + 1} of ${legend}`}>
            <div className="weekday-picks" role="group" aria-label="Days (none: every day)">
              {WEEKDAYS.map((day) => (
                <label key={day} className="check">
                  <input
                    type="checkbox"
                    checked={restriction.days.includes(day)}
                    onChange={(event) =>
                      setRestriction(at, {
                        days: event.target.checked
                          ? WEEKDAYS.filter((d) => d === day || restriction.days.includes(d))
                          : restriction.days.filter((d) => d !== day),
                      })
                    }
                  />
                  {day.slice(0, 3)}
                </label>
              ))}
            </div>
            <label>
              From
              <input
                type="time"
                required
                value={restriction.start}
                onChange={(event) => setRestriction(at, { start: event.target.value })}
              />
            </label>
            <label>
              To
              <input type="time" required value={restriction.end} onChange={(event) => setRestriction(at, { end: event.target.value })} />
            </label>
            <button type="button" onClick={() => onChange({ restrictions: layer.restrictions.filter((_, i) => i !== at) })}>
              Remove restriction
            </button>
          </fieldset>
        ))}
        <div>
          <button
            type="button"
            onClick={() => onChange({ restrictions: [...layer.restrictions, { days: [...WORKDAYS], start: '09:00', end: '17:00' }] })}
          >
            Add a restriction
          </button>
        </div>
      </div>
      <div>
        <button type="button" className="danger" onClick={onRemove}>
          Remove {legend}
        </button>
      </div>
    </fieldset>
  );
}

/** Where an `ical` layer reads its shifts from: the URL is write-only, so a saved layer shows only its host. */
function IcalFields({ layer, onChange }: { layer: IcalDraft; onChange: (patch: LayerPatch) => void }) {
  const saved = layer.id !== undefined;
  const hintId = useId();
  return (
    <>
      <div className="field-row">
        <LayerName layer={layer} onChange={onChange} />
        <label style={{ flex: '1 1 24rem' }}>
          {saved ? 'New calendar URL (optional)' : 'Calendar URL (.ics)'}
          <input
            type="url"
            required={!saved}
            autoComplete="off"
            placeholder="https://calendar.example.com/team.ics"
            aria-describedby={hintId}
            value={layer.url}
            onChange={(event) => onChange({ url: event.target.value })}
          />
        </label>
      </div>
      <p id={hintId} className="muted small" style={{ margin: 0 }}>
        {saved
          ? `Reads ${layer.urlHint ?? 'a calendar'}. The saved URL stays hidden; leave this empty to keep it.`
          : 'Each event puts on call the member whose email is its first attendee, else an email in its title.'}
      </p>
      <StartEnd layer={layer} onChange={onChange} />
    </>
  );
}

function LayerName({ layer, onChange }: { layer: LayerDraft; onChange: (patch: LayerPatch) => void }) {
  return (
    <label>
      Layer name (optional)
      <input value={layer.name} onChange={(event) => onChange({ name: event.target.value })} />
    </label>
  );
}

function StartEnd({ layer, onChange }: { layer: LayerDraft; onChange: (patch: LayerPatch) => void }) {
  return (
    <div className="field-row">
      <label>
        Starts
        <input type="datetime-local" required value={layer.start} onChange={(event) => onChange({ start: event.target.value })} />
      </label>
      <label>
        Ends (optional)
        <input type="datetime-local" value={layer.end} onChange={(event) => onChange({ end: event.target.value })} />
      </label>
    </div>
  );
}

/** A rotation's own fields: rotation, handoff, start and end, members in order. */
function RotationFields({
  legend,
  layer,
  members,
  onChange,
}: {
  legend: string;
  layer: RotationDraft;
  members: Member[];
  onChange: (patch: LayerPatch) => void;
}) {
  const [adding, setAdding] = useState('');
  const move = (from: number, to: number) => {
    const users = [...layer.users];
    const [moved] = users.splice(from, 1);
    if (moved) users.splice(to, 0, moved);
    onChange({ users });
  };
  return (
    <>
      <div className="field-row">
        <LayerName layer={layer} onChange={onChange} />
        <label>
          Rotation
          <select value={layer.rotation} onChange={(event) => onChange({ rotation: event.target.value as Rotation })}>
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
            <option value="custom">Custom (hours)</option>
          </select>
        </label>
        {layer.rotation === 'custom' ? (
          <label>
            Turn length (hours)
            <input
              type="number"
              min={1}
              max={8760}
              required
              value={layer.turnHours}
              onChange={(event) => onChange({ turnHours: event.target.value })}
            />
          </label>
        ) : null}
        {layer.rotation === 'weekly' ? (
          <label>
            Handoff day
            <select value={layer.handoffDay} onChange={(event) => onChange({ handoffDay: event.target.value as Weekday })}>
              <Options values={WEEKDAYS} />
            </select>
          </label>
        ) : null}
        <label>
          Handoff time
          <input type="time" required value={layer.handoffTime} onChange={(event) => onChange({ handoffTime: event.target.value })} />
        </label>
      </div>
      <StartEnd layer={layer} onChange={onChange} />
      <div className="stack">
        <strong className="small">Rotation order</strong>
        {layer.users.length === 0 ? <span className="muted small">Nobody yet: add members in the order they take turns.</span> : null}
        <ol className="small rotation-order">
          {layer.users.map((id, at) => (
            <li key={`${id}-${at}`}>
              <span>
                {at + 1}. {memberName(members, id)}
              </span>
              <button type="button" className="ghost" disabled={at === 0} onClick={() => move(at, at - 1)}>
                Move up<span className="visually-hidden"> {memberName(members, id)}</span>
              </button>
              <button type="button" className="ghost" onClick={() => onChange({ users: layer.users.filter((_, i) => i !== at) })}>
                Remove
                <span className="visually-hidden">
                  {' '}
                  {memberName(members, id)} from {legend}
                </span>
              </button>
            </li>
          ))}
        </ol>
        <div className="field-row">
          <label>
            Member to add to {legend}
            <select value={adding} onChange={(event) => setAdding(event.target.value)}>
              <option value="">Choose a member</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} ({member.email})
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={!adding}
            onClick={() => {
              onChange({ users: [...layer.users, adding] });
              setAdding('');
            }}
          >
            Add to rotation
          </button>
        </div>
      </div>
    </>
  );
}
