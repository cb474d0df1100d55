// Kept free of Node built-ins and I/O: the remediation activity and its unit tests share it.
import type { StepDefinition } from './procedure.ts';

/** Http methods that only read: a step using one changes nothing, so it never waits for approval. */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD']);

/** Whether a step changes systems: an http step that does not only read (POST is the default method). */
export function changesSystems(step: Pick<StepDefinition, 'type' | 'config'>): boolean {
  if (step.type !== 'http') return false;
  const method = typeof step.config.method === 'string' ? step.config.method.toUpperCase() : 'POST';
  return !READ_ONLY_METHODS.has(method);
}

/**
 * The steps a runbook started by a routing rule runs: the procedure's, with an approval step before
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
        config: { instructions: `Started automatically by a routing rule. Approve to run "${step.name}", which changes systems.` },
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
