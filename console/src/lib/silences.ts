// Pure helpers of the silences and maintenance-window forms; no DOM, so unit tests run them in Node.

const CLASSIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const escapeValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** `name="value"` as the API's matcher parser reads it back unchanged (a name with other characters is quoted). */
export function equalityMatcher(name: string, value: string): string {
  const label = CLASSIC_NAME.test(name) ? name : `"${escapeValue(name)}"`;
  return `${label}="${escapeValue(value)}"`;
}

/** "Silence similar": one equality matcher per label of the incident's alert, in name order. */
export function matchersFromLabels(labels: Readonly<Record<string, string>>): string[] {
  return Object.keys(labels)
    .sort()
    .map((name) => equalityMatcher(name, labels[name] as string));
}

/** The matcher texts of a textarea: one per line, blank lines ignored. */
export function matcherLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` value in the browser's zone (minutes precision). */
export function toLocalInput(iso: string | Date): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the browser's zone) as an RFC 3339 instant; undefined when empty or invalid. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export type Repeat = 'none' | 'daily' | 'weekdays' | 'weekly' | 'custom';
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * The RRULE of a maintenance window's "repeat" choice; weekly repeats on the weekday of the
 * first start as typed (the wall-clock date in the window's zone, which the form uses).
 */
export function windowRule(repeat: Repeat, startLocal: string, custom: string): string | null {
  switch (repeat) {
    case 'none':
      return null;
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    case 'weekly': {
      const [year, month, day] = startLocal.slice(0, 10).split('-').map(Number);
      const weekday = new Date(Date.UTC(year as number, (month as number) - 1, day as number)).getUTCDay();
      return `FREQ=WEEKLY;BYDAY=${WEEKDAYS[weekday]}`;
    }
    case 'custom':
      return custom.trim() || null;
  }
}
