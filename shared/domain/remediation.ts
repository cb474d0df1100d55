// Kept free of Node built-ins and I/O: the remediation activity and its unit tests share it.
import type { Priority } from './priority.ts';
import type { StepDefinition } from './procedure.ts';
import type { Remediation } from './routing.ts';

/** Http methods that only read: a step using one changes nothing, so it never waits for approval. */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD']);

/** Whether a step changes systems: an http step that does not only read (POST is the default method). */
export function changesSystems(step: Pick<StepDefinition, 'type' | 'config'>): boolean {
  if (step.type !== 'http') return false;
  const method = typeof step.config.method === 'string' ? step.config.method.toUpperCase() : 'POST';
  return !READ_ONLY_METHODS.has(method);
}

/**
 * The steps a runbook started automatically (by a routing rule or a priority) runs: the procedure's, with an approval step before
 * each that changes systems unless the rule auto-approves, or the procedure already asks for an
 * approval right before it. `newId` names the added steps (the caller's uuid source).
 */
export function remediationSteps(steps: readonly StepDefinition[], autoApprove: boolean, newId: () => string): StepDefinition[] {
  const out: StepDefinition[] = [];
  for (const step of steps) {
    const previous = out.at(-1);
    if (!autoApprove && changesSystems(step) && previous?.type !== 'approval') {
      out.push({
        id: newId(),
        position: out.length,
        name: `Approve: ${step.name}`.slice(0, 200),
        description: null,
        type: 'approval',
        config: {
          instructions: `Started automatically when the incident opened or its priority was set. Approve to run "${step.name}", which changes systems.`,
        },
      });
    }
    out.push({ ...step, position: out.length });
  }
  return out;
}

/** The parameters an automatic run gets (`{{parameters.<name>}}` in its http steps): scalars of its incident. */
export function remediationParameters(incident: {
  id: string;
  title: string;
  severity: string;
  priority: string | null;
  labels: Record<string, string>;
}): Record<string, string> {
  const labels = Object.fromEntries(
    Object.entries(incident.labels)
      .filter(([name]) => /^[A-Za-z0-9_]{1,100}$/.test(name))
      .map(([name, value]) => [`label_${name}`, value]),
  );
  return {
    ...labels,
    incident_id: incident.id,
    incident_title: incident.title,
    severity: incident.severity,
    priority: incident.priority ?? '',
  };
}

/** A runbook an organization names for a priority (`/priority-runbooks/{priority}`). */
export interface PriorityRunbook {
  priority: Priority;
  procedureId: string;
  autoApprove: boolean;
  resolves: boolean;
}

/** The automatic run an incident gets, and what started it: its routing rule, or its priority. */
export type RemediationChoice = Remediation &
  ({ source: 'routing_rule'; ruleId: string; priority: null } | { source: 'priority'; ruleId: null; priority: Priority });

/**
 * Which runbook starts on an incident: the routing rule's when it names one (the rule matched this
 * incident's own alert, the priority's runbook is the organization-wide fallback), else the runbook of
 * the incident's priority, else none. Either way one per incident: the first one started stays.
 */
export function chooseRemediation(
  rule: { ruleId: string | null; remediation?: Remediation | null } | null | undefined,
  byPriority: PriorityRunbook | null | undefined,
): RemediationChoice | null {
  if (rule?.ruleId && rule.remediation) return { ...rule.remediation, source: 'routing_rule', ruleId: rule.ruleId, priority: null };
  if (byPriority) {
    const { priority, procedureId, autoApprove, resolves } = byPriority;
    return { procedureId, autoApprove, resolves, source: 'priority', ruleId: null, priority };
  }
  return null;
}
