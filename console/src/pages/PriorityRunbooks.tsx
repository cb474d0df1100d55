import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, callApi, unwrap } from '../lib/api.ts';
import { FieldErrors, QueryCard } from '../components/ui.tsx';
import { AdminFrame } from './Admin.tsx';

const PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;
type Priority = (typeof PRIORITIES)[number];

/** `GET /priority-runbooks` (newer than the generated client, regenerated when the routes merge). */
interface PriorityRunbook {
  priority: Priority;
  procedure_id: string;
  procedure_name: string;
  auto_approve: boolean;
  resolve_incident: boolean;
}

const RUNBOOKS_KEY = ['priority-runbooks'];

/** Administration → Priority runbooks: the runbook each priority starts on incidents that open with it or are set to it. */
export function PriorityRunbooksPage() {
  const runbooks = useQuery({
    queryKey: RUNBOOKS_KEY,
    queryFn: async () => (await callApi<{ data: PriorityRunbook[] }>('GET', '/priority-runbooks')).data,
  });
  const procedures = useQuery({
    queryKey: ['procedures', 'all'],
    queryFn: async () => unwrap(await api.GET('/api/v1/procedures', { params: { query: { limit: 100 } } })).data,
    staleTime: 60_000,
  });
  return (
    <AdminFrame title="Priority runbooks">
      <p className="muted" style={{ margin: 0 }}>
        A priority&apos;s runbook starts when an incident opens with that priority, or when its priority is set to it later. One automatic
        run per incident: when the routing rule that routed the incident names a runbook, that one runs instead. Resolving the incident
        another way cancels a run still going.
      </p>
      <QueryCard query={runbooks} label="Loading priority runbooks">
        {(list) => (
          <div className="stack">
            {PRIORITIES.map((priority) => (
              <PriorityRunbookForm
                key={`${priority}:${list.find((item) => item.priority === priority)?.procedure_id ?? ''}`}
                priority={priority}
                current={list.find((item) => item.priority === priority)}
                procedures={procedures.data ?? []}
              />
            ))}
          </div>
        )}
      </QueryCard>
    </AdminFrame>
  );
}

function PriorityRunbookForm({
  priority,
  current,
  procedures,
}: {
  priority: Priority;
  current: PriorityRunbook | undefined;
  procedures: ReadonlyArray<{ id: string; name: string }>;
}) {
  const queryClient = useQueryClient();
  const [procedure, setProcedure] = useState(current?.procedure_id ?? '');
  const [autoApprove, setAutoApprove] = useState(current?.auto_approve ?? false);
  const [resolves, setResolves] = useState(current?.resolve_incident ?? true);
  const save = useMutation({
    mutationFn: async () =>
      procedure
        ? callApi('PUT', `/priority-runbooks/${priority}`, {
            procedure_id: procedure,
            auto_approve: autoApprove,
            resolve_incident: resolves,
          })
        : current
          ? callApi('DELETE', `/priority-runbooks/${priority}`)
          : undefined,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RUNBOOKS_KEY }),
  });
  return (
    <form
      className="card form"
      aria-label={`Runbook of ${priority}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <div className="field-row">
        <label>
          {priority} runbook
          <select value={procedure} onChange={(event) => setProcedure(event.target.value)}>
            <option value="">None</option>
            {procedures.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </label>
        {procedure ? (
          <>
            <label className="check">
              <input type="checkbox" checked={autoApprove} onChange={(event) => setAutoApprove(event.target.checked)} />
              Run steps that change systems without approval
            </label>
            <label className="check">
              <input type="checkbox" checked={resolves} onChange={(event) => setResolves(event.target.checked)} />
              Resolve the incident (and stop paging) when it succeeds
            </label>
          </>
        ) : null}
      </div>
      <FieldErrors error={save.error} />
      {save.isSuccess ? (
        <div className="alert-box ok" role="status">
          Saved.
        </div>
      ) : null}
      <div>
        <button type="submit" className="primary" disabled={save.isPending}>
          Save {priority}
        </button>
      </div>
    </form>
  );
}
