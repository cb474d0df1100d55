// The generic JSON webhook: a JSONata template the user writes turns any JSON body into alerts.
// No I/O; evaluation is bounded by JSON_MAPPING_LIMITS (time and depth, checked as it runs), and
// the webhook path runs it in a thread of its own (shared/isolation/json-mapping.ts).
import jsonata from 'jsonata';
import { z } from 'zod';
import type { AlertStatus, NormalizedAlert } from '../domain/alert.ts';
import { JSON_MAPPING_LIMITS, type JsonMappingLimits } from '../domain/compute-limits.ts';
import { toSafeKey } from './fingerprint.ts';
import { AlertPayloadError } from './payload-error.ts';
import {
  asRecord,
  finishAlert,
  isResolvedWord,
  judgeEach,
  parseShape,
  pickSeverity,
  stringMap,
  text,
  zAny,
  zText,
} from './parsers/common.ts';
import type { AlertVerdict } from './parsers/common.ts';

/** The longest template stored; a mapping is a handful of lines. */
export const MAX_MAPPING_TEMPLATE_LENGTH = 20_000;

/** Why a template cannot be used, where JSONata says: `position` is the character offset it reached. */
export interface MappingProblem {
  /** JSONata's error code (`S0202`…), or `D1011`/`D1012` when a limit stopped the evaluation. */
  code: string;
  message: string;
  position: number | null;
  token: string | null;
}

/** A template that did not compile, or an evaluation that failed or ran past its limits. */
export class MappingError extends Error {
  readonly problem: MappingProblem;
  readonly stage: 'compile' | 'evaluate';
  constructor(stage: 'compile' | 'evaluate', problem: MappingProblem) {
    const where = problem.position === null ? '' : ` at position ${problem.position}${problem.token ? ` (near "${problem.token}")` : ''}`;
    super(`${stage === 'compile' ? 'The mapping template is invalid' : 'The mapping template failed'}${where}: ${problem.message}`);
    this.name = 'MappingError';
    this.stage = stage;
    this.problem = problem;
  }
}

/** JSONata throws plain objects `{code, position, token, message}`; anything else is reported as is. */
function problemOf(error: unknown): MappingProblem {
  const raw = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return {
    code: typeof raw.code === 'string' ? raw.code : 'ERROR',
    message: typeof raw.message === 'string' ? raw.message : String(error),
    position: typeof raw.position === 'number' ? raw.position : null,
    token: typeof raw.token === 'string' ? raw.token : null,
  };
}

export type CompiledMapping = jsonata.Expression;

/** Compiles a template with the evaluation limits built in; MappingError naming the position otherwise. */
export function compileMapping(template: string, limits: JsonMappingLimits = JSON_MAPPING_LIMITS): CompiledMapping {
  if (template.length > MAX_MAPPING_TEMPLATE_LENGTH) {
    throw new MappingError('compile', {
      code: 'TOO_LONG',
      message: `is longer than ${MAX_MAPPING_TEMPLATE_LENGTH} characters`,
      position: null,
      token: null,
    });
  }
  try {
    // JSONata checks both limits on entry to every sub-expression it evaluates.
    return jsonata(template, { timeout: limits.ms, stack: limits.depth });
  } catch (error) {
    throw new MappingError('compile', problemOf(error));
  }
}

/** The template's result for `body`; MappingError when it fails or spends its limits. */
export async function evaluateMapping(mapping: CompiledMapping, body: unknown): Promise<unknown> {
  try {
    return await mapping.evaluate(body);
  } catch (error) {
    throw new MappingError('evaluate', problemOf(error));
  }
}

const FIRING_WORDS = new Set([
  'firing',
  'fire',
  'triggered',
  'trigger',
  'open',
  'alerting',
  'alert',
  'problem',
  'active',
  'critical',
  'down',
]);

/** What a template must produce for each alert (extra keys are kept in `raw` only). */
const mappedAlertSchema = z.looseObject({
  title: zText,
  severity: zText,
  fingerprint: zText,
  status: zText,
  labels: zAny,
  description: zText,
  source: zText,
});

function statusOf(value: string | undefined, field: string): AlertStatus {
  if (value === undefined) throw new AlertPayloadError(field, 'is required');
  if (isResolvedWord(value)) return 'resolved';
  if (FIRING_WORDS.has(value.toLowerCase())) return 'firing';
  throw new AlertPayloadError(field, `is invalid ("${value.slice(0, 40)}" is neither firing nor resolved)`);
}

/** One mapped object as an alert; AlertPayloadError naming the missing or invalid field. */
function mappedAlert(item: unknown, at: string): NormalizedAlert {
  const field = (name: string) => (at ? `${at}.${name}` : name);
  const mapped = parseShape(mappedAlertSchema, item, at || undefined);
  const title = mapped.title ?? missing(field('title'));
  const severity = pickSeverity([mapped.severity]) ?? missing(field('severity'));
  const fingerprint = mapped.fingerprint ?? missing(field('fingerprint'));
  const status = statusOf(mapped.status, field('status'));
  if (asRecord(mapped.labels) === undefined) throw new AlertPayloadError(field('labels'), 'is required (an object of label values)');
  // The incident's `source` is the platform (generic_json); the sender the template names is a label.
  const labels: Record<string, string> = { ...(mapped.source ? { source: mapped.source } : {}), ...stringMap(mapped.labels) };
  return finishAlert('generic_json', {
    externalId: fingerprint,
    dedupKey: toSafeKey(fingerprint),
    title,
    description: mapped.description ?? null,
    severity,
    status,
    host: text(labels.host) ?? text(labels.instance) ?? null,
    service: text(labels.service) ?? null,
    labels,
    links: {},
    occurredAt: null,
    raw: item,
  });
}

function missing(field: string): never {
  throw new AlertPayloadError(field, 'is required');
}

/**
 * What a template produced, judged alert by alert: one object is one alert, an array one alert per
 * element (each refused alone, `[1].severity`). Anything else is no payload (AlertPayloadError `body`).
 */
export function judgeMappedResult(result: unknown): AlertVerdict[] {
  if (Array.isArray(result)) {
    if (result.length === 0) throw new AlertPayloadError('body', 'is mapped to no alert (an empty array)');
    return judgeEach(result, (item, index) => mappedAlert(item, `[${index}]`));
  }
  if (asRecord(result) === undefined) {
    throw new AlertPayloadError(
      'body',
      result === undefined ? 'is mapped to nothing' : 'must be mapped to an object or an array of objects',
    );
  }
  return judgeEach([result], (item) => mappedAlert(item, ''));
}

/** Compile, evaluate and judge in one go: what test-mapping answers and the isolated thread runs. */
export async function runMapping(
  template: string,
  body: unknown,
  limits: JsonMappingLimits = JSON_MAPPING_LIMITS,
): Promise<AlertVerdict[]> {
  return judgeMappedResult(await evaluateMapping(compileMapping(template, limits), body));
}
