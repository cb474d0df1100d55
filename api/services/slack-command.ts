/** What `/tocsin …` asks; `help` for anything it does not understand (with the reason). */
export type SlackCommand =
  { verb: 'ack' | 'resolve' | 'incident'; incidentId: string } | { verb: 'oncall' | 'link' } | { verb: 'help'; problem?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALIASES: Record<string, 'ack' | 'resolve' | 'incident' | 'oncall' | 'link' | 'help'> = {
  ack: 'ack',
  acknowledge: 'ack',
  resolve: 'resolve',
  incident: 'incident',
  show: 'incident',
  oncall: 'oncall',
  'on-call': 'oncall',
  link: 'link',
  help: 'help',
};

export const SLACK_COMMAND_HELP = [
  '`/tocsin ack <incident id>`: acknowledge an incident (the escalation stops)',
  '`/tocsin resolve <incident id>`: resolve it',
  '`/tocsin incident <incident id>`: show its status',
  '`/tocsin oncall`: who is on call now',
  '`/tocsin link`: link your Slack account to your Tocsin account',
].join('\n');

/** Parses the text after `/tocsin` (Slack sends it as typed). */
export function parseSlackCommand(text: string): SlackCommand {
  const [word = 'help', argument, ...rest] = text.trim().split(/\s+/).filter(Boolean);
  const verb = ALIASES[word.toLowerCase()];
  if (!verb) return { verb: 'help', problem: `Unknown command "${word.slice(0, 40)}".` };
  if (verb === 'ack' || verb === 'resolve' || verb === 'incident') {
    // The id as the console and the API show it; a URL of the incident works too.
    const id = argument?.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i)?.[0];
    if (!id || !UUID.test(id) || rest.length > 0) return { verb: 'help', problem: `\`/tocsin ${verb}\` takes one incident id.` };
    return { verb, incidentId: id.toLowerCase() };
  }
  if (argument !== undefined) return { verb: 'help', problem: `\`/tocsin ${verb}\` takes nothing after it.` };
  return { verb };
}
