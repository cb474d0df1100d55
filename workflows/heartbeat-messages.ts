import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { HeartbeatAlertLedger } from '../shared/domain/heartbeat.ts';

/** The heartbeat's row changed (a ping while down, new period or grace, deletion): look again now. */
export const heartbeatChangedSignal = defineSignal<[]>('heartbeatChanged');

/** The alerts the workflow has handed to ingestion, by lapse number. */
export const heartbeatLedgerQuery = defineQuery<HeartbeatAlertLedger>('heartbeatLedger');

export interface HeartbeatWorkflowInput extends Partial<HeartbeatAlertLedger> {
  organizationId: string;
  heartbeatId: string;
}
