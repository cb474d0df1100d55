import ICAL from 'ical.js';
import { shiftsCalendar, type CalendarShift } from '../../../shared/domain/schedule-calendar.ts';

const shift = (overrides: Partial<CalendarShift> = {}): CalendarShift => ({
  schedule_id: 's1',
  schedule_name: 'Primary',
  user_id: 'u1',
  user_name: 'Ann',
  start: Date.parse('2027-01-01T00:00:00Z'),
  end: Date.parse('2027-01-01T08:00:00Z'),
  source: 'layer',
  ...overrides,
});

/** The document's content lines, unfolded (RFC 5545 §3.1). */
const contentLines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('shiftsCalendar', () => {
  it.each([
    ['CR LF', 'Ops\r\nBEGIN:VEVENT\r\nSUMMARY:injected\r\nEND:VEVENT'],
    ['bare LF', 'Ops\nBEGIN:VEVENT\nSUMMARY:injected\nEND:VEVENT'],
    ['bare CR', 'Ops\rBEGIN:VEVENT\rSUMMARY:injected\rEND:VEVENT'],
  ])('writes a calendar name with %s as one escaped TEXT line, never as new properties', (_, name) => {
    const text = shiftsCalendar(name, [shift({ schedule_name: name, user_name: `Ann${name.slice(3, 5)}` })], 0);
    expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    const lines = contentLines(text);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('SUMMARY:injected'))).toBe(false);
    expect(lines).toContain('X-WR-CALNAME:Ops\\nBEGIN:VEVENT\\nSUMMARY:injected\\nEND:VEVENT');
    const parsed = new ICAL.Component(ICAL.parse(text));
    expect(parsed.getFirstPropertyValue('x-wr-calname')).toBe('Ops\nBEGIN:VEVENT\nSUMMARY:injected\nEND:VEVENT');
    expect(parsed.getAllSubcomponents('vevent')).toHaveLength(1);
  });

  it('escapes TEXT specials, drops control characters and folds long names at 75 octets', () => {
    const name = `On call; a, b \\ c\u0007${'é'.repeat(80)}`;
    const text = shiftsCalendar(name, [], 0);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue('x-wr-calname')).toBe(`On call; a, b \\ c${'é'.repeat(80)}`);
  });
});
