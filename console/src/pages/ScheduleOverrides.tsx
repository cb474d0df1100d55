import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, expectOk, unwrap } from '../lib/api.ts';
import { canWrite, isAdmin, useUser } from '../lib/session.tsx';
import { memberName, SCHEDULES_KEY, type Member, type Schedule } from '../lib/schedules.ts';
import { formatRange, instantToLocalInput, localInputToInstant, type Interval } from '../lib/timeline.ts';
import { CardForm, FieldErrors, FormActions } from '../components/ui.tsx';

/** Put someone on call over an interval; responders without `schedules:update` only themselves. */
export function OverrideForm({
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
  return (
    <CardForm title="Add an override" onSubmit={() => add.mutate()}>
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
      <FormActions label="Add override" pending={add.isPending} onCancel={onDone} />
    </CardForm>
  );
}

/** The overrides not yet over, each with Remove for editors and for its own member. */
export function Overrides({ schedule, members }: { schedule: Schedule; members: Member[] }) {
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
