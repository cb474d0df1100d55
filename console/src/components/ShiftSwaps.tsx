import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap, type Schemas } from '../lib/api.ts';
import { memberName, useMembers, useSchedules } from '../lib/schedules.ts';
import { useUser } from '../lib/session.tsx';
import { formatRange } from '../lib/timeline.ts';
import { Empty, ErrorState, FieldErrors, Loading, TableHead } from './ui.tsx';

type SwapRequest = Schemas['ScheduleSwapRequest'];
const SWAPS_KEY = 'swap-requests';

/** The open swap requests of one schedule. */
const openSwapsQuery = (scheduleId: string) => ({
  queryKey: [SWAPS_KEY, scheduleId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/schedules/{id}/swap-requests', {
        params: { path: { id: scheduleId }, query: { status: 'open', limit: 100 } },
      }),
    ).data,
});

/**
 * Asks for cover of one of your shifts (from now when it has begun): anyone else in the
 * organization, or one member, may accept it, which puts them on call over it (an override).
 */
export function AskForCover({ scheduleId, start, end }: { scheduleId: string; start: string; end: string }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const members = useMembers();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('');
  const [message, setMessage] = useState('');
  const ask = useMutation({
    mutationFn: async () => {
      // A shift under way: cover is asked for what is left of it.
      const from = Math.max(Date.parse(start), Date.now());
      return unwrap(
        await api.POST('/api/v1/schedules/{id}/swap-requests', {
          params: { path: { id: scheduleId } },
          body: {
            start: new Date(from).toISOString(),
            end,
            target_user_id: target || null,
            message: message.trim() || null,
          },
        }),
      ).data;
    },
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: [SWAPS_KEY] });
    },
  });
  // Less than a minute left: nothing worth covering.
  if (Date.parse(end) - Date.now() < 60_000) return null;
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Ask for cover
      </button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate();
  };
  return (
    <form className="stack" onSubmit={submit} aria-label="Ask for cover">
      <label>
        Who
        <select value={target} onChange={(event) => setTarget(event.target.value)}>
          <option value="">Anyone</option>
          {(members.data ?? [])
            .filter((member) => member.id !== user.id)
            .map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
        </select>
      </label>
      <label>
        Message
        <input value={message} maxLength={1000} onChange={(event) => setMessage(event.target.value)} />
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={ask.isPending}>
          Send request
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      <FieldErrors error={ask.error} />
    </form>
  );
}

/**
 * Open shift swap requests across every schedule: yours, which you may cancel, and those you may
 * answer (made to anyone, or to you), which you accept (an override puts you on call) or decline.
 */
export function ShiftSwapRequests() {
  const user = useUser();
  const queryClient = useQueryClient();
  const schedules = useSchedules();
  const members = useMembers();
  const lists = useQueries({ queries: (schedules.data ?? []).map((schedule) => openSwapsQuery(schedule.id)) });
  const act = useMutation({
    mutationFn: async ({ request, action }: { request: SwapRequest; action: 'accept' | 'decline' | 'cancel' }) => {
      const params = { params: { path: { id: request.schedule_id, request_id: request.id } } };
      if (action === 'accept') return unwrap(await api.POST('/api/v1/schedules/{id}/swap-requests/{request_id}/accept', params)).data;
      if (action === 'decline') return unwrap(await api.POST('/api/v1/schedules/{id}/swap-requests/{request_id}/decline', params)).data;
      return unwrap(await api.POST('/api/v1/schedules/{id}/swap-requests/{request_id}/cancel', params)).data;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [SWAPS_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['schedules'] });
    },
  });
  const failed = schedules.error ?? lists.find((query) => query.error)?.error;
  const pending = schedules.isPending || lists.some((query) => query.isPending);
  const requests = (schedules.data ?? [])
    .flatMap((schedule, index) => (lists[index]?.data ?? []).map((request) => ({ request, schedule })))
    .sort((a, b) => Date.parse(a.request.start) - Date.parse(b.request.start));
  return (
    <section className="card card-flush" aria-labelledby="swaps-title">
      <h2 id="swaps-title" className="card-title">
        Shift swap requests
      </h2>
      {failed ? (
        <ErrorState error={failed} retry={() => void schedules.refetch()} />
      ) : pending ? (
        <Loading label="Loading swap requests" rows={2} />
      ) : requests.length === 0 ? (
        <Empty title="No open swap requests">
          <span>Ask for cover of one of your shifts above; requests others make appear here.</span>
        </Empty>
      ) : (
        <table aria-label="Open swap requests">
          <TableHead columns={['Who asks', 'Schedule', 'When']} actions />
          <tbody>
            {requests.map(({ request, schedule }) => {
              const mine = request.requester_id === user.id;
              return (
                <tr key={request.id} data-testid="swap-request">
                  <td>
                    {mine ? 'You' : memberName(members.data, request.requester_id)}
                    {request.target_user_id
                      ? ` → ${request.target_user_id === user.id ? 'you' : memberName(members.data, request.target_user_id)}`
                      : ''}
                    {request.message ? <div className="small muted">“{request.message}”</div> : null}
                  </td>
                  <td>{schedule.name}</td>
                  <td>{formatRange(request.start, request.end, schedule.time_zone)}</td>
                  <td>
                    <div className="row">
                      {mine ? (
                        <button type="button" onClick={() => act.mutate({ request, action: 'cancel' })}>
                          Cancel request
                        </button>
                      ) : (
                        <>
                          <button type="button" className="primary" onClick={() => act.mutate({ request, action: 'accept' })}>
                            Accept
                          </button>
                          {request.target_user_id === user.id ? (
                            <button type="button" onClick={() => act.mutate({ request, action: 'decline' })}>
                              Decline
                            </button>
                          ) : null}
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <FieldErrors error={act.error} />
    </section>
  );
}
