import type { HandoffKind } from '../domain/handoff-notices.ts';
import { incidentUrl } from '../domain/incident.ts';
import type { MailMessage } from './mail-message.ts';
import { oneLine } from './notification-mail.ts';

export interface HandoffMailInput {
  kind: HandoffKind;
  scheduleName: string;
  timeZone: string;
  shiftStart: Date;
  shiftEnd: Date;
  /** Open incidents paging the schedule: what the incoming on-call inherits (start notices only). */
  incidents: ReadonlyArray<{ id: string; title: string; severity: string; status: string }>;
  publicUrl: string;
}

const local = (at: Date, timeZone: string) => {
  try {
    return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at)} (${timeZone})`;
  } catch {
    return at.toISOString();
  }
};

/** A handoff notice: low urgency, plain text, times in the schedule's zone. */
export function handoffMailMessage(input: HandoffMailInput): Omit<MailMessage, 'to'> {
  const schedule = oneLine(input.scheduleName, 200);
  const range = `${local(input.shiftStart, input.timeZone)} to ${local(input.shiftEnd, input.timeZone)}`;
  if (input.kind === 'end')
    return {
      subject: `Your on-call shift on ${schedule} has ended`,
      text: [`Your on-call shift on ${schedule} (${range}) has ended. Thank you.`, '', `Schedules: ${input.publicUrl}/schedules`].join(
        '\n',
      ),
    };
  const lines = [`Your on-call shift on ${schedule} starts ${local(input.shiftStart, input.timeZone)}.`, `Shift: ${range}`, ''];
  if (input.incidents.length === 0) lines.push('No open incidents are paging this schedule.');
  else {
    lines.push(`Open incidents you inherit (${input.incidents.length}):`);
    for (const incident of input.incidents)
      lines.push(
        `- [${oneLine(incident.severity, 32).toUpperCase()}] ${oneLine(incident.title, 300)} (${oneLine(incident.status, 32)}) ${incidentUrl(input.publicUrl, incident.id)}`,
      );
  }
  return { subject: `On call soon: ${schedule}`, text: lines.join('\n') };
}
