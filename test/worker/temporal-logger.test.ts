import type { LogLevel } from '@temporalio/common';
import { Registry } from '../../shared/observability/metrics.ts';
import { temporalLogCounter } from '../../worker/metrics.ts';
import { temporalLoggerOf } from '../../worker/temporal-logger.ts';
import { capturedLogger } from '../helpers/captured-logger.ts';

describe("the Temporal SDK's lines in the worker's log (temporalLoggerOf)", () => {
  it.each([
    ['TRACE', 10],
    ['DEBUG', 20],
    ['INFO', 30],
    ['WARN', 40],
    ['ERROR', 50],
  ] as Array<[LogLevel, number]>)('writes %s as pino level %i with its fields, through log() and its own method', (level, pinoLevel) => {
    const { logger, lines } = capturedLogger('trace');
    const sdk = temporalLoggerOf(logger);
    sdk.log(level, 'via log', { sdkComponent: 'worker', taskQueue: 'q' });
    sdk[level.toLowerCase() as 'info']('via method', { sdkComponent: 'workflow', workflowId: 'w' });
    expect(
      lines.map(({ level: written, msg, sdkComponent, taskQueue, workflowId, name }) => ({
        written,
        msg,
        sdkComponent,
        taskQueue,
        workflowId,
        name,
      })),
    ).toEqual([
      { written: pinoLevel, msg: 'via log', sdkComponent: 'worker', taskQueue: 'q', workflowId: undefined, name: 'test' },
      { written: pinoLevel, msg: 'via method', sdkComponent: 'workflow', taskQueue: undefined, workflowId: 'w', name: 'test' },
    ]);
  });

  it("keeps the process's level: an SDK info line is dropped by a logger at warn", () => {
    const { logger, lines } = capturedLogger('warn');
    temporalLoggerOf(logger).info('Worker state changed', { sdkComponent: 'worker', state: 'RUNNING' });
    expect(lines).toEqual([]);
  });

  it('writes an error the SDK passes as `error` with its message and stack', () => {
    const { logger, lines } = capturedLogger();
    temporalLoggerOf(logger).error('Error converting native log entry', { error: new Error('bad entry'), entry: '{' });
    expect(lines[0]).toMatchObject({
      level: 50,
      entry: '{',
      err: { type: 'Error', message: 'bad entry', stack: expect.stringContaining('bad entry') },
    });
  });

  it('redacts secrets in its fields as every other line', () => {
    const { logger, lines } = capturedLogger();
    temporalLoggerOf(logger).warn('webhook request failed', { sdkComponent: 'activity', token: 'hunter2' });
    expect(lines[0]?.token).toBe('[redacted]');
  });

  it('counts warnings and errors by component in the worker metrics, nothing below warn', async () => {
    const registry = new Registry();
    const { logger } = capturedLogger('trace');
    const sdk = temporalLoggerOf(logger, temporalLogCounter(registry));
    sdk.error('Trying to send a new WFT for a run which already has one!', { sdkComponent: 'core', target: 'temporalio_sdk_core' });
    sdk.error('again', { sdkComponent: 'core' });
    sdk.warn('webhook request failed', { sdkComponent: 'activity' });
    sdk.info('Worker state changed', { sdkComponent: 'worker' });
    sdk.warn('no component');
    const samples = (await registry.metrics()).split('\n').filter((line) => line.startsWith('tocsin_worker_temporal_log_entries_total'));
    expect(samples.sort()).toEqual([
      'tocsin_worker_temporal_log_entries_total{level="error",component="core"} 2',
      'tocsin_worker_temporal_log_entries_total{level="warn",component="activity"} 1',
      'tocsin_worker_temporal_log_entries_total{level="warn",component="unknown"} 1',
    ]);
  });
});
