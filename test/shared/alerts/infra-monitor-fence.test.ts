import { parseInfraMonitor } from '../../../shared/alerts/parsers/infra_monitor.ts';

// The fence is stripped without a regex (a backtracking one was a denial of service); same results.
describe('infra_monitor %%% fences', () => {
  it.each([
    ['%%%\nDisk full\n%%%', 'Disk full'],
    ['%%%  Disk full', 'Disk full'],
    ['Disk full \t%%%', 'Disk full'],
    ['Disk %%% full', 'Disk %%% full'],
    ['%%%', null],
    ['%%%\n\n%%%', null],
    ['%%%%%', '%%'],
  ])('description of message %j', (message, description) => {
    const [alert] = parseInfraMonitor({ alert_name: 'Disk', alert_type: 'error', message });
    expect(alert?.description).toBe(description);
  });
});
