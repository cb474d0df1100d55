import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Severity } from '../../domain/alert.ts';
import type { IncidentStatus } from '../../domain/incident.ts';
import type { Priority } from '../../domain/priority.ts';
import { stepDefinition, type ProcedureSnapshot, type StepDefinition } from '../../domain/procedure.ts';
import {
  ExecutionEntity,
  IncidentEntity,
  ProcedureEntity,
  ProcedureStepEntity,
  RoutingRuleEntity,
  TimelineEntryEntity,
  UserEntity,
  type Execution,
  type Incident,
} from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { stageExecution, type NewExecution } from './executions.ts';
import { addTimelineEntry, changeIncidentStatus } from './incidents.ts';

/** The incident an automatic run is about, as its rules read it. */
export interface RemediationIncident {
  id: string;
  title: string;
  status: IncidentStatus;
  severity: Severity;
  priority: Priority | null;
  labels: Record<string, string>;
}

/** A run of an incident as the remediation reads it. */
export interface RemediationRun {
  id: string;
  definition: ProcedureSnapshot;
  parameters: Record<string, unknown>;
  remediationPriority: Priority | null;
}

/** A procedure as an automatic run freezes it, its steps in order. */
export interface RemediationProcedure {
  id: string;
  name: string;
  description: string | null;
  version: number;
  steps: StepDefinition[];
}

/** An incident's timeline entry written by its automatic run. */
export interface RemediationEntry {
  message: string;
  data: Record<string, unknown>;
}

/** The reads and writes of one automatic run's step, in one transaction, on one incident of one organization. */
export interface RemediationUnit {
  incident: RemediationIncident;
  /** The incident's run started by a routing rule or a priority, if it has one. */
  automaticRun(): Promise<RemediationRun | undefined>;
  run(executionId: string): Promise<RemediationRun | undefined>;
  routingRuleName(ruleId: string): Promise<string | undefined>;
  procedure(procedureId: string): Promise<RemediationProcedure | undefined>;
  /** The timeline entry that last resolved the incident, with its actor's name. */
  lastResolution(): Promise<{ message: string; actorName: string | null } | undefined>;
  /** Stages the execution and its steps; written when the unit's work returns. */
  startRun(run: NewExecution): void;
  addTimelineEntry(entry: RemediationEntry): void;
  /** Resolves the incident (timeline entry and events); false when it is resolved already. */
  resolve(context: { message: string; data: Record<string, unknown>; eventData: Record<string, unknown> }): boolean;
}

/** Every read and write is confined to the organization given. */
export interface RemediationStore {
  /**
   * Runs `work` in one transaction on the organization's incident (under its row lock when `lock`),
   * writing what it staged when it returns; undefined, and `work` not run, when there is no such incident.
   */
  onIncident<T>(
    organizationId: string,
    incidentId: string,
    options: { lock: boolean },
    work: (unit: RemediationUnit) => Promise<T>,
  ): Promise<T | undefined>;
}

const remediationRun = (execution: Execution): RemediationRun => ({
  id: execution.id,
  definition: execution.definition,
  parameters: execution.parameters,
  remediationPriority: execution.remediationPriority ?? null,
});

const remediationIncident = (incident: Incident): RemediationIncident => ({
  id: incident.id,
  title: incident.title,
  status: incident.status,
  severity: incident.severity,
  priority: incident.priority ?? null,
  labels: incident.labels,
});

function remediationUnit(tx: EntityManager, organizationId: string, incident: Incident): RemediationUnit {
  const findRun = async (where: Record<string, unknown>) => {
    const execution = await tx.findOne(ExecutionEntity, { ...where, organization: organizationId }, unscoped);
    return execution ? remediationRun(execution) : undefined;
  };
  return {
    incident: remediationIncident(incident),
    automaticRun: () =>
      findRun({ incidentId: incident.id, $or: [{ routingRuleId: { $ne: null } }, { remediationPriority: { $ne: null } }] }),
    run: (executionId) => findRun({ id: executionId }),
    async routingRuleName(ruleId) {
      return (await tx.findOne(RoutingRuleEntity, { id: ruleId, organization: organizationId }, unscoped))?.name;
    },
    async procedure(procedureId) {
      const procedure = await tx.findOne(ProcedureEntity, { id: procedureId, organization: organizationId }, unscoped);
      if (!procedure) return undefined;
      const steps = await tx.find(
        ProcedureStepEntity,
        { procedure: procedure.id, organization: organizationId },
        { ...unscoped, orderBy: { position: 'asc' } },
      );
      return {
        id: procedure.id,
        name: procedure.name,
        description: procedure.description ?? null,
        version: procedure.version,
        steps: steps.map(stepDefinition),
      };
    },
    async lastResolution() {
      const entry = await tx.findOne(
        TimelineEntryEntity,
        { incident: incident.id, organization: organizationId, data: { to: 'resolved' } },
        { ...unscoped, orderBy: { createdAt: 'desc', id: 'desc' } },
      );
      if (!entry) return undefined;
      const actor = entry.actorId ? await tx.findOne(UserEntity, { id: entry.actorId, organization: organizationId }, unscoped) : null;
      return { message: entry.message, actorName: actor?.name ?? null };
    },
    startRun: (run) => void stageExecution(tx, organizationId, run),
    addTimelineEntry: (entry) => addTimelineEntry(tx, incident, { type: 'execution', ...entry }),
    resolve: (context) => changeIncidentStatus(tx, incident, 'resolved', context),
  };
}

/** Automatic runbook runs on incidents: a routing rule's or a priority's execution, and what it does to its incident. */
export function createRemediationStore(em: EntityManager): RemediationStore {
  return {
    onIncident: (organizationId, incidentId, options, work) =>
      em.transactional(async (tx) => {
        const incident = await tx.findOne(
          IncidentEntity,
          { id: incidentId, organization: organizationId },
          options.lock ? { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE } : unscoped,
        );
        if (!incident) return undefined;
        const result = await work(remediationUnit(tx, organizationId, incident));
        await tx.flush();
        return result;
      }),
  };
}
