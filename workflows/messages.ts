import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { EscalationState } from '../shared/domain/escalation.ts';
import type {
  WaitingEscalation,
  WaitingEscalationAnswer,
  WaitingEscalationMessage,
  WaitingEscalationView,
} from '../shared/domain/escalation-waits.ts';
import type { AlertSignalPayload } from '../shared/domain/ingestion.ts';
import type { SearchIndexInput } from '../shared/domain/search.ts';
import type { ExecutionStatus, StepDecision, StepState } from '../shared/domain/procedure.ts';

// Signals and queries shared by the workflows and the API that sends them.

/** An accepted alert for the ingestion workflow of its dedup key. */
export const alertReceivedSignal = defineSignal<[AlertSignalPayload]>('alertReceived');

/** Several accepted alerts, in arrival order: one signal per payload and workflow (a per-key workflow, or a bucket). */
export const alertsReceivedSignal = defineSignal<[{ alerts: AlertSignalPayload[] }]>('alertsReceived');

/** Someone resolved the incident by hand: the next firing alert opens a new one. */
export const incidentResolvedSignal = defineSignal<[{ incidentId: string }]>('incidentResolved');

/** Documents changed since the search-index bucket last saw them (the outbox relay sends one per bucket and batch). */
export const searchDocumentsChangedSignal = defineSignal<[{ documents: SearchIndexInput[] }]>('searchDocumentsChanged');

/** What a search-index bucket holds: documents waiting for a pass, and documents of the pass under way. */
export const searchBucketStateQuery = defineQuery<{ dirty: number; indexing: number }>('searchBucketState');

/** How many alerts a bucket workflow holds not yet applied. */
export const bucketStateQuery = defineQuery<{ pending: number }>('bucketState');

export const ingestionStateQuery = defineQuery<{ incidentId: string | null; pending: number }>('ingestionState');

/**
 * A person's outcome for the waiting manual or approval step of an execution. Rejected (type
 * `StepNotWaiting`) unless that step is the one waiting; answers once the outcome is persisted.
 */
export const completeStepUpdate = defineUpdate<StepState, [StepDecision]>('completeStep');

/** Cancels an execution; rejected (`ExecutionNotRunning`) once it has ended. Answers once persisted. */
export const cancelExecutionUpdate = defineUpdate<{ status: ExecutionStatus }, [{ actorId: string | null }]>('cancelExecution');

/** Someone acknowledged the incident (moved it out of `active` or assigned it): the escalation ends. */
export const escalationAcknowledgeSignal = defineSignal<[]>('escalationAcknowledge');

/** The incident was resolved: the escalation ends. */
export const escalationResolveSignal = defineSignal<[]>('escalationResolve');

/** Ends the current wait: the next level is paged now. */
export const escalateNowSignal = defineSignal<[]>('escalateNow');

/**
 * Someone reassigned the incident (to a person or another policy): this escalation ends
 * (`reassigned`) and answers where it stood; the next cycle's escalation pages the new target.
 * Rejected (`EscalationEnded`) once it has stopped.
 */
export const reassignEscalationUpdate = defineUpdate<EscalationState, []>('reassignEscalation');

/** Where the escalation stands: level and round paged last, when the next is due, why it ended. */
export const escalationStateQuery = defineQuery<EscalationState>('escalationState');

/** Escalations the relay paged level 1 of, for their bucket to hold until their next level (escalation-waits.workflow.ts). */
export const escalationsWaitingSignal = defineSignal<[{ entries: WaitingEscalation[] }]>('escalationsWaiting');

/** A message for an escalation its bucket may hold: applied there if it does (answered `held`). */
export const waitingEscalationUpdate = defineUpdate<WaitingEscalationAnswer, [{ key: string; message: WaitingEscalationMessage }]>(
  'waitingEscalation',
);

/** What a bucket knows of one escalation (by escalationWaitKey): waiting, ended there, started, or nothing. */
export const waitingEscalationQuery = defineQuery<WaitingEscalationView, [string]>('waitingEscalation');

/** The incident was snoozed until `until` (RFC 3339): its acknowledgement re-pages then instead of at its timeout. */
export const snoozeIncidentSignal = defineSignal<[{ until: string }]>('snoozeIncident');

/** When the acknowledgement pages again (RFC 3339; null: never), and until when it is snoozed. */
export const acknowledgementStateQuery = defineQuery<{ repage_at: string | null; snoozed_until: string | null }>('acknowledgementState');
