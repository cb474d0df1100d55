import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../lib/api.ts';
import { FieldErrors, Time } from './ui.tsx';

/** PagerDuty's snooze lengths, in seconds. */
const LENGTHS: Array<[number, string]> = [
  [15 * 60, '15 minutes'],
  [30 * 60, '30 minutes'],
  [60 * 60, '1 hour'],
  [4 * 60 * 60, '4 hours'],
  [8 * 60 * 60, '8 hours'],
  [24 * 60 * 60, '24 hours'],
];

/**
 * Snooze for an acknowledged incident: it stays acknowledged until the snooze ends, then goes back
 * to `active` and pages again from level 1 unless resolved or mitigated first.
 */
export function IncidentSnooze({
  incidentId,
  snoozedUntil,
  onDone,
}: {
  incidentId: string;
  snoozedUntil: string | null;
  onDone: () => void;
}) {
  const [seconds, setSeconds] = useState(String(LENGTHS[1]?.[0] ?? 1800));
  const snooze = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/incidents/{id}/snooze', {
          params: { path: { id: incidentId } },
          body: { duration: Number(seconds) },
        }),
      ).data,
    onSuccess: onDone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    snooze.mutate();
  };
  return (
    <form className="row" onSubmit={submit} aria-label="Snooze">
      {snoozedUntil ? (
        <span className="small" data-testid="snoozed-until">
          Snoozed until <Time iso={snoozedUntil} />: pages again then unless resolved.
        </span>
      ) : null}
      <label>
        Snooze for{' '}
        <select value={seconds} onChange={(event) => setSeconds(event.target.value)}>
          {LENGTHS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={snooze.isPending}>
        {snoozedUntil ? 'Snooze again' : 'Snooze'}
      </button>
      <FieldErrors error={snooze.error} />
    </form>
  );
}
