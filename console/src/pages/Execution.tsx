import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, temporalWorkflowUrl, unwrap, type Execution } from '../lib/api.ts';
import { useLive } from '../lib/realtime.tsx';
import { canWrite, useUser } from '../lib/session.tsx';
import { Badge, QueryCard, Time } from '../components/ui.tsx';

type Step = Execution['steps'][number];
const ENDED = new Set(['completed', 'failed', 'cancelled']);

export function ExecutionPage() {
  const { id = '' } = useParams();
  const live = useLive();
  const execution = useQuery({
    queryKey: ['execution', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/executions/{id}', { params: { path: { id } } })).data,
    // Realtime events re-read it; without the socket, a slow poll keeps the steps moving.
    refetchInterval: (query) => (live || ENDED.has(query.state.data?.status ?? '') ? false : 3_000),
  });
  return (
    <QueryCard query={execution} label="Loading the execution" rows={5}>
      {(data) => <ExecutionView execution={data} />}
    </QueryCard>
  );
}

function ExecutionView({ execution }: { execution: Execution }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const ended = ENDED.has(execution.status);
  const setExecution = (updated: Execution) => queryClient.setQueryData(['execution', execution.id], updated);
  const cancel = useMutation({
    mutationFn: async () =>
      unwrap(await api.PATCH('/api/v1/executions/{id}', { params: { path: { id: execution.id } }, body: { status: 'cancelled' } })).data,
    onSuccess: setExecution,
  });
  const done = execution.steps.filter((step) => step.status === 'succeeded' || step.status === 'skipped').length;
  return (
    <>
      <nav aria-label="Breadcrumb" className="small">
        {execution.incident_id ? (
          <>
            <Link to={`/incidents/${execution.incident_id}`}>Incident</Link> /{' '}
          </>
        ) : null}
        Execution
      </nav>
      <div className="page-head">
        <div className="stack" style={{ gap: 6 }}>
          <h1>{execution.procedure_name}</h1>
          <div className="row">
            <Badge kind="st" value={execution.status} />
            <span className="muted small">
              version {execution.procedure_version} · started <Time iso={execution.started_at} /> · {done} of {execution.steps.length} steps
              done
            </span>
          </div>
        </div>
        <span className="spacer" />
        <a className="button" href={temporalWorkflowUrl(execution.workflow_id)} target="_blank" rel="noreferrer">
          Workflow in Temporal UI
        </a>
        {!ended && canWrite(user) ? (
          <button type="button" className="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            Cancel
          </button>
        ) : null}
      </div>
      {cancel.error ? (
        <div className="alert-box error" role="alert">
          {cancel.error.message}
        </div>
      ) : null}
      <div className="alert-box" role="status" aria-live="polite" data-testid="execution-status">
        {execution.status === 'completed'
          ? 'Completed: every step is done.'
          : execution.status === 'failed'
            ? 'Failed.'
            : execution.status === 'cancelled'
              ? 'Cancelled.'
              : execution.status === 'waiting'
                ? 'Waiting for a person: see the step below.'
                : 'Running…'}
      </div>
      <ol className="steps" aria-label="Steps">
        {execution.steps.map((step) => (
          <StepCard key={step.step_id} executionId={execution.id} step={step} writable={canWrite(user)} onChange={setExecution} />
        ))}
      </ol>
    </>
  );
}

function StepCard({
  executionId,
  step,
  writable,
  onChange,
}: {
  executionId: string;
  step: Step;
  writable: boolean;
  onChange: (execution: Execution) => void;
}) {
  const [notes, setNotes] = useState('');
  const decide = useMutation({
    mutationFn: async (status: 'succeeded' | 'failed' | 'skipped') =>
      unwrap(
        await api.PATCH('/api/v1/executions/{id}', {
          params: { path: { id: executionId } },
          body: { step_id: step.step_id, status, notes: notes || null },
        }),
      ).data,
    onSuccess: onChange,
  });
  const waiting = step.status === 'waiting';
  const approval = step.type === 'approval';
  return (
    <li className="step" data-status={step.status} aria-label={`Step ${step.position + 1}: ${step.name}`}>
      <div className="row">
        <strong>
          {step.position + 1}. {step.name}
        </strong>
        <span className="muted small">{step.type}</span>
        <span className="spacer" style={{ flex: 1 }} />
        <Badge kind="st" value={step.status} />
      </div>
      {step.started_at || step.completed_at ? (
        <div className="muted small">
          {step.started_at ? (
            <>
              started <Time iso={step.started_at} />
            </>
          ) : null}
          {step.completed_at ? (
            <>
              {' '}
              · finished <Time iso={step.completed_at} />
            </>
          ) : null}
        </div>
      ) : null}
      {step.notes ? <div className="small">Notes: {step.notes}</div> : null}
      {step.output !== null && step.output !== undefined && step.type === 'http' ? <pre>{JSON.stringify(step.output, null, 2)}</pre> : null}
      {waiting && writable ? (
        <div className="stack">
          <label>
            Notes (optional)
            <input value={notes} onChange={(event) => setNotes(event.target.value)} />
          </label>
          <div className="row">
            <button type="button" className="primary" disabled={decide.isPending} onClick={() => decide.mutate('succeeded')}>
              {approval ? 'Approve' : 'Mark done'}
            </button>
            <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('failed')}>
              {approval ? 'Reject' : 'Mark failed'}
            </button>
            {!approval ? (
              <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('skipped')}>
                Skip
              </button>
            ) : null}
          </div>
          {decide.error ? (
            <div className="alert-box error" role="alert">
              {decide.error.message}
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
