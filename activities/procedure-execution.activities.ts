import { ApplicationFailure, Context } from '@temporalio/activity';
import type { ExecutionStore } from '../shared/db/access/executions.ts';
import { HttpStepConfig, type ExecutionProgress } from '../shared/domain/procedure.ts';
import type { SecretBox } from '../shared/crypto/secret-box.ts';
import { sameDestination } from '../shared/delivery/destination.ts';
import { withSecretHeaders } from '../shared/delivery/secret-headers.ts';
import { renderString, renderValue } from '../shared/delivery/webhook-template.ts';
import { OutboundRefusedError, OutboundTransportError, type HttpRequestFn } from '../shared/net/outbound-http.ts';

export interface ExecutionActivityDeps {
  /** A fresh unit of work per call. */
  executions: () => ExecutionStore;
  /** Outbound client for http steps: the SSRF-guarded one (shared/net/outbound-http.ts). */
  httpRequest: HttpRequestFn;
  /** Opens http steps' sealed `secret_headers`; a step that has some fails without it. */
  secretBox?: SecretBox;
}

/** What an http step records as its output. */
export interface HttpStepOutput {
  status_code: number;
  body: unknown;
}

const OUTPUT_BODY_CHARS = 4096;

function outputBody(text: string): unknown {
  try {
    return text.length <= OUTPUT_BODY_CHARS ? JSON.parse(text) : text.slice(0, OUTPUT_BODY_CHARS);
  } catch {
    return text.slice(0, OUTPUT_BODY_CHARS);
  }
}

/**
 * `{{parameters.<name>}}` in an http step's url, headers and body take the execution's parameters
 * (scalars only; anything else, or an unknown name, renders empty). Values are URL-encoded in the
 * url, stripped of line breaks in headers, and JSON-escaped in the body by rendering inside the
 * parsed object, never by splicing text; nothing is evaluated.
 */
export function renderStepConfig(config: Record<string, unknown>, parameters: Record<string, unknown>): Record<string, unknown> {
  const scalar = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  const table = (encode: (value: string) => string) =>
    Object.fromEntries(Object.entries(parameters).map(([name, value]) => [`parameters.${name}`, encode(scalar(value))]));
  const rendered: Record<string, unknown> = { ...config };
  if (typeof config.url === 'string') rendered.url = renderString(config.url, table(encodeURIComponent));
  if (config.headers && typeof config.headers === 'object') {
    rendered.headers = renderValue(
      config.headers,
      table((value) => value.replace(/[\r\n]+/g, ' ')),
    );
  }
  if (config.body !== undefined)
    rendered.body = renderValue(
      config.body,
      table((value) => value),
    );
  return rendered;
}

const describeError = (error: unknown) =>
  error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error);

/** The worker side of runbook executions: persisting each step change, and calling http steps' URLs. */
export function createExecutionActivities(deps: ExecutionActivityDeps) {
  return {
    /**
     * Persists a step change and the execution's status in one transaction, with an
     * `execution.updated` event and, for an execution tied to an incident, a timeline entry.
     * Applied once: each record carries a sequence number, and one already applied is skipped.
     */
    async recordExecutionProgress(progress: ExecutionProgress): Promise<void> {
      const outcome = await deps.executions().recordProgress(progress.organizationId, progress, (view) => {
        const [only] = progress.steps.length === 1 ? progress.steps : [];
        const step = only ? view.steps.find((candidate) => candidate.step_id === only.stepId) : undefined;
        return {
          message: `Runbook "${view.procedure_name}" ${progress.status}${step ? `: step ${step.position + 1} "${step.name}" ${step.status}` : ''}`,
          actorId: progress.actorId ?? only?.actorId ?? null,
          data: {
            execution_id: view.id,
            procedure_id: view.procedure_id,
            status: progress.status,
            steps: progress.steps.map((state) => ({ step_id: state.stepId, status: state.status })),
          },
        };
      });
      if (outcome === 'missing')
        throw ApplicationFailure.nonRetryable(`Execution ${progress.executionId} does not exist`, 'ExecutionNotFound');
    },

    /**
     * Calls an http step's URL. 2xx (or `expected_status`) succeeds; 5xx, 408, 429 and transport
     * errors are retried by the workflow's policy; other answers and refused targets are permanent.
     */
    async runHttpStep(input: {
      executionId: string;
      stepId: string;
      config: Record<string, unknown>;
      parameters?: Record<string, unknown>;
    }): Promise<HttpStepOutput> {
      // Secret headers are sealed and never rendered: a parameter cannot reach into a credential.
      const { secret_headers: sealedHeaders, ...plainConfig } = input.config as Record<string, unknown> & {
        secret_headers?: Record<string, string>;
      };
      const parsed = HttpStepConfig.safeParse(renderStepConfig(plainConfig, input.parameters ?? {}));
      if (!parsed.success) throw ApplicationFailure.nonRetryable(`Invalid http step config: ${parsed.error.message}`, 'InvalidStepConfig');
      const config = parsed.data;
      const { secretBox } = deps;
      // Secrets go only where the step was written to send them, whatever a parameter renders into the URL.
      if (sealedHeaders && Object.keys(sealedHeaders).length > 0 && !sameDestination(plainConfig.url as string, config.url)) {
        throw ApplicationFailure.nonRetryable(
          "The step's URL renders to another scheme, host or port than written: its secret headers are not sent there",
          'SecretDestinationChanged',
        );
      }
      if (sealedHeaders && Object.keys(sealedHeaders).length > 0 && !secretBox) {
        throw ApplicationFailure.nonRetryable("This worker has no secret box to open the step's secret headers", 'StepNotConfigured');
      }
      const headers: Record<string, string> = withSecretHeaders(
        { 'user-agent': 'Tocsin-Runbook/1', ...config.headers },
        sealedHeaders,
        (sealed) => (secretBox as SecretBox).decrypt(sealed),
      );
      let body: string | undefined;
      if (config.body !== undefined && config.method !== 'GET' && config.method !== 'HEAD') {
        body = typeof config.body === 'string' ? config.body : JSON.stringify(config.body);
        if (typeof config.body !== 'string' && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
          headers['content-type'] = 'application/json';
        }
      }
      let response;
      try {
        response = await deps.httpRequest({
          url: config.url,
          method: config.method,
          headers,
          body,
          // A step records the answer of the URL it names: a redirect is that answer, not followed.
          maxRedirects: 0,
          signal: Context.current().cancellationSignal,
        });
      } catch (error) {
        // The failure's message is shown to the organization; internal addresses go to our log only.
        if (error instanceof OutboundRefusedError || error instanceof OutboundTransportError) {
          Context.current().log.warn('http step request failed', {
            executionId: input.executionId,
            stepId: input.stepId,
            detail: error.detail,
          });
        }
        if (error instanceof OutboundRefusedError) throw ApplicationFailure.nonRetryable(error.message, 'OutboundRequestRefused');
        throw ApplicationFailure.retryable(`Request to ${config.url} failed: ${describeError(error)}`, 'HttpTransportError');
      }
      const output: HttpStepOutput = { status_code: response.status, body: outputBody(response.body) };
      const expected = config.expected_status;
      const ok = expected !== undefined ? response.status === expected : response.status >= 200 && response.status < 300;
      if (ok) return output;
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
      throw ApplicationFailure.create({
        message: `${config.method} ${config.url} answered ${response.status}, expected ${expected ?? '2xx'}`,
        type: 'HttpStepUnexpectedStatus',
        nonRetryable: !retryable,
        details: [output],
      });
    },
  };
}
