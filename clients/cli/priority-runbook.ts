import type { Command } from './args.ts';
import type { CliConfig } from './config-store.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { table } from './output.ts';
import { call } from './rest-call.ts';

type PriorityRunbookCommand = Extract<Command, { name: 'runbook priorities' | 'runbook priority' }>;

interface PriorityRunbook {
  priority: string;
  procedure_id: string;
  procedure_name: string;
  auto_approve: boolean;
  resolve_incident: boolean;
}

export function formatPriorityRunbooks(runbooks: PriorityRunbook[]): string {
  if (runbooks.length === 0) return 'No priority runbook.';
  return table(
    ['PRIORITY', 'RUNBOOK', 'APPROVAL', 'ON SUCCESS'],
    runbooks.map((runbook) => [
      runbook.priority,
      runbook.procedure_name,
      runbook.auto_approve ? 'auto' : 'asked',
      runbook.resolve_incident ? 'resolves' : 'keeps open',
    ]),
  );
}

/** `tocsin runbook priorities|priority`: the runbook each priority starts. `procedureId` is the command's PROCEDURE resolved to an id. */
export async function runPriorityRunbookCommand(
  command: PriorityRunbookCommand,
  procedureId: string | undefined,
  json: boolean,
  io: CliIo,
  config: CliConfig,
): Promise<ExitCode> {
  const out = (human: () => string, machine: unknown) => io.stdout(json ? JSON.stringify(machine, null, 2) : human());
  if (command.name === 'runbook priorities') {
    const result = await call<{ data: PriorityRunbook[] }>(config, 'GET', '/priority-runbooks');
    out(() => formatPriorityRunbooks(result.data), result);
    return EXIT.OK;
  }
  const path = `/priority-runbooks/${command.priority}`;
  if (!procedureId) {
    await call(config, 'DELETE', path);
    out(() => `${command.priority} starts no runbook now`, { priority: command.priority, removed: true });
    return EXIT.OK;
  }
  const { data } = await call<{ data: PriorityRunbook }>(config, 'PUT', path, {
    procedure_id: procedureId,
    auto_approve: command.autoApprove,
    resolve_incident: command.resolveIncident,
  });
  out(() => `${data.priority} starts "${data.procedure_name}" (${data.auto_approve ? 'auto-approved' : 'approval asked'})`, data);
  return EXIT.OK;
}
