// Signed alerts from several senders that behave like a monitoring platform: each alert is retried
// on every 5xx, timeout or connection error, with capped exponential backoff, until answered 200.
import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';

export interface StormOptions {
  /** Several URLs (one per API process): sender i posts to URL i mod their number. */
  webhookUrl: string | readonly string[];
  secret: string;
  alerts: number;
  senders: number;
  fingerprints: number;
  /** Alerts per second over all senders (the schedule; a sender that is behind sends at once). */
  ratePerSecond: number;
  /** A sender gives an alert up after this long since the storm started. */
  deadlineMs: number;
  requestTimeoutMs?: number;
}

export interface StormAlert {
  /** The alert's own id, in `annotations.storm_id` of the alert and its raw payload. */
  id: string;
  fingerprint: string;
  attempts: number;
  /** Each attempt's outcome in order: the HTTP status, or the error code of an attempt without an answer. */
  answers: string[];
  acknowledgedAt?: number;
  /** An attempt went out and no answer came back: the API may have queued it anyway. */
  answerLost: boolean;
  /** A final answer that was neither 200 nor retryable (4xx). */
  rejected?: string;
}

export interface StormReport {
  alerts: StormAlert[];
  /** Every HTTP answer by status, every attempt without an answer by error code. */
  statuses: Record<string, number>;
  noAnswer: Record<string, number>;
  startedAt: number;
  endedAt: number;
}

const RETRYABLE_STATUS = (status: number) => status >= 500 || status === 408 || status === 429;

function errorCode(error: unknown): string {
  let node: unknown = error;
  for (let depth = 0; depth < 4 && node; depth += 1) {
    const { code, name, cause } = node as { code?: unknown; name?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    if (name === 'TimeoutError' || name === 'AbortError') return 'TIMEOUT';
    node = cause;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The socket was never opened: the request cannot have reached the API. */
const NEVER_SENT = new Set(['ECONNREFUSED']);

/** An Alertmanager v4 body with one firing alert. */
function alertBody(alert: StormAlert, run: string): string {
  return JSON.stringify({
    version: '4',
    status: 'firing',
    alerts: [
      {
        status: 'firing',
        labels: { alertname: 'FaultStorm', instance: `${alert.fingerprint}:9100`, job: 'faults', severity: 'critical' },
        annotations: { summary: `fault storm ${alert.fingerprint}`, storm_id: alert.id },
        fingerprint: `${run}-${alert.fingerprint}`,
      },
    ],
  });
}

/**
 * Runs the storm; `progress` is called after each acknowledgement so a scenario can inject its
 * fault at a given share. Alert i belongs to sender i mod senders and fingerprint i mod fingerprints.
 * Every alert's fingerprint (stored as its external id) starts with `run-`: one storm's alerts.
 */
export function startStorm(
  options: StormOptions,
  onAcknowledged?: (acknowledged: number) => void,
): { report: Promise<StormReport>; alerts: StormAlert[]; run: string } {
  const run = randomUUID().slice(0, 8);
  const alerts: StormAlert[] = Array.from({ length: options.alerts }, (_, index) => ({
    id: randomUUID(),
    fingerprint: `fp-${String(index % options.fingerprints).padStart(3, '0')}`,
    attempts: 0,
    answers: [],
    answerLost: false,
  }));
  const statuses: Record<string, number> = {};
  const noAnswer: Record<string, number> = {};
  const startedAt = Date.now();
  let acknowledged = 0;

  const urls = [options.webhookUrl].flat();
  const deliver = async (alert: StormAlert, url: string) => {
    const body = alertBody(alert, run);
    const signature = `sha256=${createHmac('sha256', options.secret).update(body).digest('hex')}`;
    for (let failures = 0; Date.now() - startedAt < options.deadlineMs; failures += 1) {
      alert.attempts += 1;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-metrics-alerts-signature': signature,
            // Stable across retries of the same alert, as a platform's delivery id is.
            'idempotency-key': alert.id,
          },
          body,
          signal: AbortSignal.timeout(options.requestTimeoutMs ?? 10_000),
        });
        await response.body?.cancel();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        alert.answers.push(String(response.status));
        if (response.status === 200) {
          alert.acknowledgedAt = Date.now();
          acknowledged += 1;
          onAcknowledged?.(acknowledged);
          return;
        }
        if (!RETRYABLE_STATUS(response.status)) {
          alert.rejected = `HTTP ${response.status}`;
          return;
        }
      } catch (error) {
        const code = errorCode(error);
        noAnswer[code] = (noAnswer[code] ?? 0) + 1;
        alert.answers.push(code);
        if (!NEVER_SENT.has(code)) alert.answerLost = true;
      }
      // Capped exponential backoff with jitter, like Alertmanager's notifier.
      await delay(Math.min(2000, 100 * 2 ** Math.min(failures, 5)) * (0.5 + Math.random()));
    }
  };

  const sender = async (index: number) => {
    for (let next = index; next < alerts.length; next += options.senders) {
      const due = startedAt + (next * 1000) / options.ratePerSecond;
      if (due > Date.now()) await delay(due - Date.now());
      await deliver(alerts[next] as StormAlert, urls[index % urls.length] as string);
    }
  };

  const report = Promise.all(Array.from({ length: options.senders }, (_, index) => sender(index))).then(() => ({
    alerts,
    statuses,
    noAnswer,
    startedAt,
    endedAt: Date.now(),
  }));
  return { report, alerts, run };
}
