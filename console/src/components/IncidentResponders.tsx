import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap, type Schemas } from '../lib/api.ts';
import { usePolicies } from '../lib/paging.ts';
import { useMembers, useSchedules } from '../lib/schedules.ts';
import { useUser } from '../lib/session.tsx';
import { ErrorState, FieldErrors, Loading, TableHead, Time } from './ui.tsx';

type Responder = Schemas['Responder'];
type TargetType = Schemas['ResponderTargetInput']['type'];

const VIA: Record<TargetType, string> = { user: 'asked directly', schedule: 'on call on', escalation_policy: 'first level of' };
const STATUS_BADGE: Record<Responder['status'], string> = { requested: 'pending', accepted: 'completed', declined: 'failed' };

/**
 * An incident's responders (PagerDuty's Add Responders): who was asked, through what, and whether
 * they accepted or declined; asking more people, schedules or policies with a message; and the
 * signed-in member's own accept or decline.
 */
export function IncidentResponders({ incidentId, writable, resolved }: { incidentId: string; writable: boolean; resolved: boolean }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const key = ['incident', incidentId, 'responders'];
  const responders = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await api.GET('/api/v1/incidents/{id}/responders', { params: { path: { id: incidentId } } })).data,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['incident', incidentId] });
  };
  const answer = useMutation({
    mutationFn: async ({ responderId, accept }: { responderId: string; accept: boolean }) => {
      const params = { params: { path: { id: incidentId, responderId } } };
      return accept
        ? unwrap(await api.POST('/api/v1/incidents/{id}/responders/{responderId}/accept', params)).data
        : unwrap(await api.POST('/api/v1/incidents/{id}/responders/{responderId}/decline', params)).data;
    },
    onSuccess: refresh,
  });
  const members = useMembers();
  const schedules = useSchedules();
  const policies = usePolicies();
  const viaName = (via: Responder['via']) => {
    if (via.type === 'user') return '';
    const list = via.type === 'schedule' ? schedules.data : policies.data;
    return ` ${list?.find((item) => item.id === via.id)?.name ?? 'a deleted one'}`;
  };

  return (
    <section className="card" aria-labelledby="responders-title">
      <h2 id="responders-title">Responders</h2>
      {responders.isPending ? (
        <Loading label="Loading responders" />
      ) : responders.isError ? (
        <ErrorState error={responders.error} retry={() => void responders.refetch()} />
      ) : responders.data.length === 0 ? (
        <p className="muted small">Nobody asked yet.</p>
      ) : (
        <table aria-label="Responders">
          <TableHead columns={['Who', 'How', 'State']} actions />
          <tbody>
            {responders.data.map((responder) => (
              <tr key={responder.id} data-testid="responder">
                <td>
                  {responder.user_name ?? 'A former member'}
                  {responder.message ? <div className="small muted">“{responder.message}”</div> : null}
                </td>
                <td className="small">
                  {VIA[responder.via.type]}
                  {viaName(responder.via)} · <Time iso={responder.created_at} />
                </td>
                <td>
                  <span className={`badge st-${STATUS_BADGE[responder.status]}`}>{responder.status}</span>
                </td>
                <td>
                  {responder.user_id === user.id && responder.status === 'requested' ? (
                    <div className="row">
                      <button type="button" onClick={() => answer.mutate({ responderId: responder.id, accept: true })}>
                        Accept
                      </button>
                      <button type="button" onClick={() => answer.mutate({ responderId: responder.id, accept: false })}>
                        Decline
                      </button>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <FieldErrors error={answer.error} />
      {writable && !resolved ? (
        <AddResponders
          incidentId={incidentId}
          onDone={refresh}
          options={{
            user: (members.data ?? []).map((member) => ({ id: member.id, name: member.name })),
            schedule: (schedules.data ?? []).map((schedule) => ({ id: schedule.id, name: schedule.name })),
            escalation_policy: (policies.data ?? []).map((policy) => ({ id: policy.id, name: policy.name })),
          }}
        />
      ) : null}
    </section>
  );
}

const TARGET_TITLES: Record<TargetType, string> = {
  user: 'A person',
  schedule: 'A schedule’s on-call',
  escalation_policy: 'A policy’s first level',
};

/** Asks one person, schedule or policy at a time, with a message; each person is asked (and paged) once per incident. */
function AddResponders({
  incidentId,
  onDone,
  options,
}: {
  incidentId: string;
  onDone: () => void;
  options: Record<TargetType, Array<{ id: string; name: string }>>;
}) {
  const [type, setType] = useState<TargetType>('user');
  const [targetId, setTargetId] = useState('');
  const [message, setMessage] = useState('');
  const add = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/incidents/{id}/responders', {
          params: { path: { id: incidentId } },
          body: { targets: [{ type, id: targetId }], message: message.trim() || null },
        }),
      ).data,
    onSuccess: () => {
      setTargetId('');
      setMessage('');
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (targetId) add.mutate();
  };
  const outcome = add.data;
  return (
    <form className="stack" onSubmit={submit} aria-label="Add responders">
      <div className="row">
        <label>
          Ask{' '}
          <select
            value={type}
            onChange={(event) => {
              setType(event.target.value as TargetType);
              setTargetId('');
            }}
          >
            {(Object.keys(TARGET_TITLES) as TargetType[]).map((value) => (
              <option key={value} value={value}>
                {TARGET_TITLES[value]}
              </option>
            ))}
          </select>
        </label>
        <select aria-label="Responder" value={targetId} onChange={(event) => setTargetId(event.target.value)} required>
          <option value="">Choose…</option>
          {options[type].map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <label>
        Message
        <textarea value={message} maxLength={2000} rows={2} onChange={(event) => setMessage(event.target.value)} />
      </label>
      <div className="row">
        <button type="submit" disabled={add.isPending || !targetId}>
          Add responders
        </button>
        {outcome ? (
          <span className="small" role="status">
            {outcome.added.length} asked
            {outcome.already_asked.length > 0 ? `, ${outcome.already_asked.length} asked before` : ''}
            {outcome.nobody_on_call.length > 0 ? ', nobody on call there now' : ''}
          </span>
        ) : null}
      </div>
      <FieldErrors error={add.error} />
    </form>
  );
}
