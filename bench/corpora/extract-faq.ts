// Rebuilds bench/corpora/argo-cd-faq/corpus.json from a local clone of github.com/argoproj/argo-cd
// (Apache-2.0): `node bench/corpora/extract-faq.ts <argo-cd clone>`. Each section of the FAQ and
// troubleshooting pages is one document, its answer only (the page's title stands for its heading);
// a question is the heading as the page asks it, and its one relevant document is the answer under
// it. Paraphrases (paraphrases.json) are keyed by the question.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [repo] = process.argv.slice(2) as [string];
const here = new URL('./argo-cd-faq/', import.meta.url);
const PAGES = ['docs/faq.md', 'docs/developer-guide/faq.md', 'docs/operator-manual/notifications/troubleshooting-errors.md'];
const NOT_QUESTIONS = new Set([
  'How do I fix the issue?',
  'How do I work around the issue?',
  'Example:',
  'Using file-based Redis credentials via REDIS_CREDS_DIR_PATH',
]);
const plain = (heading: string) =>
  heading
    .replace(/<a [^>]*><\/a>/g, '')
    .replace(/\[([^[\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim();

const documents: Array<{ key: string; title: string; body: string }> = [];
const queries: Array<{ kind: string; question: string; text: string; relevant: string[] }> = [];
const paraphrases = JSON.parse(readFileSync(new URL('paraphrases.json', here), 'utf8')) as Record<string, string>;
const used = new Set<string>();
for (const page of PAGES) {
  const text = execFileSync('git', ['--git-dir', repo, 'show', `HEAD:${page}`], { encoding: 'utf8' });
  const title = /^# (.+)$/m.exec(text)?.[1] ?? 'Argo CD notifications: troubleshooting errors';
  const sections = text.split(/^(?=#{2,3} )/m).filter((section) => /^#{2,3} /.test(section));
  sections.forEach((section, i) => {
    const [heading, ...rest] = section.split('\n');
    const body = rest.join('\n').trim();
    if (body.length < 40) return; // a heading over sub-headings only
    const key = `${page.replace(/^docs\//, '').replace(/\.md$/, '')}#${i}`;
    const question = plain((heading as string).replace(/^#+ /, ''));
    documents.push({ key, title, body });
    // Sub-headings that ask nothing on their own ("How do I fix the issue?") stay documents only.
    if (!NOT_QUESTIONS.has(question)) queries.push({ kind: 'question', question, text: question, relevant: [key] });
    if (paraphrases[question]) {
      used.add(question);
      queries.push({ kind: 'paraphrase', question, text: paraphrases[question] as string, relevant: [key] });
    }
  });
}
const unused = Object.keys(paraphrases).filter((question) => !used.has(question));
if (unused.length) throw new Error(`paraphrases of no question: ${unused.join(' | ')}`);
writeFileSync(new URL('corpus.json', here), `${JSON.stringify({ documents, queries }, null, 1)}\n`);
process.stdout.write(`${documents.length} answers, ${queries.length} queries\n`);
