// Runs one text processor over every adversarial text in a thread the test can terminate: a
// super-linear regex blocks the thread for minutes, and only terminating it ends the test on time.
import { readdirSync, readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { AlertPayloadError } from '../../../shared/alerts/payload-error.ts';
import { parseAlertPayload } from '../../../shared/alerts/parsers/index.ts';
import { renderString } from '../../../shared/delivery/webhook-template.ts';
import { isPlatform } from '../../../shared/domain/alert.ts';
import { informativeQuery } from '../../../shared/search/query/error-log.ts';
import { queryTerms, snippetOf } from '../../../shared/search/query/fusion.ts';
import { keywordQueryText } from '../../../shared/search/query/keyword-query.ts';
import { orTsQuery } from '../../../shared/search/engine/postgres-index.ts';
import { highlightOf } from '../../../shared/search/query/term-highlights.ts';
import { createWordPieceTokenizer } from '../../../shared/search/embedding/wordpiece.ts';
import { ADVERSARIAL_TEXTS } from './adversarial-texts.ts';

export type WorkerMessage =
  { kind: 'start' | 'done'; label: string } | { kind: 'error'; label: string; message: string } | { kind: 'finished' };

type Processor = (text: string) => unknown;

/** Every string of a JSON value replaced by the text, keys and structure kept. */
function fillStrings(value: unknown, text: string): unknown {
  if (typeof value === 'string') return text;
  if (Array.isArray(value)) return value.map((item) => fillStrings(item, text));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillStrings(item, text)]));
  return value;
}

function parserOf(platform: string): Array<[string, Processor]> {
  if (!isPlatform(platform)) throw new Error(`not a platform: ${platform}`);
  const dir = new URL(`../../fixtures/payloads/${platform}/`, import.meta.url);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const fixture: unknown = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
      return [
        file,
        (text: string) => {
          try {
            return parseAlertPayload(platform, fillStrings(fixture, text));
          } catch (error) {
            // A rejected payload is a fine answer; only the time it took matters here.
            if (!(error instanceof AlertPayloadError)) throw error;
            return null;
          }
        },
      ];
    });
}

const vocab = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'a', '##a', 'e', '##e', 'connect', '##ion', '!', '[', ']'].join('\n');

const PREPROCESSORS: Record<string, Processor> = {
  informativeQuery: (text) => informativeQuery(text),
  wordpiece: (text) => createWordPieceTokenizer(vocab).encode(text, 256),
  orTsQuery,
  snippetOf: (text) => snippetOf(text),
  keywordQueryText: (text) => keywordQueryText(text),
  // A document's title and body with an ordinary query, and a query as long as the API takes.
  highlightOf: (text) => [
    highlightOf(queryTerms('pool exhausted orders-api 53300 a'), text, text),
    highlightOf(queryTerms(text.slice(0, 2_000)), 'title', text),
  ],
  renderString: (text) => renderString(text, { 'incident.title': 'x' }),
};

const target = workerData as { target: string };
const processors: Array<[string, Processor]> = target.target.startsWith('parser:')
  ? parserOf(target.target.slice('parser:'.length))
  : [['', PREPROCESSORS[target.target] as Processor]];

for (const [variant, run] of processors) {
  for (const [name, text] of Object.entries(ADVERSARIAL_TEXTS)) {
    const label = variant ? `${variant}: ${name}` : name;
    parentPort?.postMessage({ kind: 'start', label } satisfies WorkerMessage);
    try {
      run(text);
      parentPort?.postMessage({ kind: 'done', label } satisfies WorkerMessage);
    } catch (error) {
      parentPort?.postMessage({ kind: 'error', label, message: String(error) } satisfies WorkerMessage);
    }
  }
}
parentPort?.postMessage({ kind: 'finished' } satisfies WorkerMessage);
