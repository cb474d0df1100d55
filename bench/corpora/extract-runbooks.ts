// Rebuilds bench/corpora/prometheus-operator-runbooks/corpus.json from local clones of
// github.com/prometheus-operator/runbooks and github.com/prometheus-operator/kube-prometheus
// (both Apache-2.0): `node bench/corpora/extract-runbooks.ts <runbooks clone> <kube-prometheus clone>`.
// Documents are the runbooks; queries are the alerts whose `runbook_url` points at one, so every
// label comes from the alert rules themselves. Paraphrases (paraphrases.json) are keyed by alert name.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const [runbooksRepo, rulesRepo] = process.argv.slice(2) as [string, string];
const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['--git-dir', repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
const here = new URL('./prometheus-operator-runbooks/', import.meta.url);

// The values an alert's templated annotations get, as one firing in a real cluster would carry them.
const LABEL_VALUES: Record<string, string> = {
  namespace: 'payments',
  pod: 'checkout-7d9f8b6c5-x2x4q',
  container: 'checkout',
  cluster: 'prod-eu-1',
  node: 'ip-10-0-3-17',
  instance: '10.0.3.17:9100',
  job: 'node-exporter',
  deployment: 'checkout',
  statefulset: 'orders-db',
  daemonset: 'fluent-bit',
  horizontalpodautoscaler: 'checkout',
  job_name: 'nightly-report',
  persistentvolumeclaim: 'data-orders-db-0',
  resource: 'pods',
  device: '/dev/nvme1n1',
  mountpoint: '/var/lib/kubelet',
  fstype: 'ext4',
  service: 'alertmanager-main',
  controller: 'alertmanager',
  integration: 'webhook',
  name: 'v1beta1.metrics.k8s.io',
  reason: 'CrashLoopBackOff',
  rule_group: '/etc/prometheus/rules/k8s.yaml;kubernetes-apps',
  remote_name: 'thanos-receive',
  url: 'https://thanos-receive:19291/api/v1/receive',
  alertmanager: 'http://10.0.4.2:9093',
  operation: 'reconcile',
  gitVersion: 'v1.30.2',
  verb: 'LIST',
  short: '1h',
  long: '1d',
  scrape_job: 'kubernetes-pods',
};

const render = (template: string) =>
  template
    .replace(/\{\{\s*\$labels\.(\w+)\s*\}\}/g, (_m, label: string) => LABEL_VALUES[label] ?? label)
    .replace(/\{\{\s*\$value[^}]*\}\}/g, '87')
    .replace(/\{\{[^{}]*\}\}/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const documents: Array<{ key: string; title: string; body: string }> = [];
const keyOfPath = new Map<string, string>();
for (const path of git(runbooksRepo, 'ls-tree', '-r', '--name-only', 'HEAD', 'content/runbooks').split('\n')) {
  const match = /^content\/runbooks\/([^/]+)\/([^/_][^/]*)\.md$/.exec(path);
  if (!match) continue;
  const text = git(runbooksRepo, 'show', `HEAD:${path}`);
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const title = (front && (parse(front[1] as string) as { title?: string }).title) || (match[2] as string);
  const key = `${match[1]}/${match[2]}`;
  documents.push({ key, title, body: text.slice(front ? front[0].length : 0).trim() });
  keyOfPath.set(key.toLowerCase(), key);
}

interface Rule {
  alert?: string;
  annotations?: Record<string, string>;
  labels?: Record<string, string>;
}
const paraphrases = JSON.parse(readFileSync(new URL('paraphrases.json', here), 'utf8')) as Record<string, string>;
const queries: Array<{ kind: string; alert: string; text: string; relevant: string[] }> = [];
const seen = new Set<string>();
for (const path of git(rulesRepo, 'ls-tree', '-r', '--name-only', 'HEAD', 'manifests').split('\n')) {
  if (!path.endsWith('prometheusRule.yaml')) continue;
  const manifest = parse(git(rulesRepo, 'show', `HEAD:${path}`)) as { spec: { groups: Array<{ rules: Rule[] }> } };
  for (const rule of manifest.spec.groups.flatMap((group) => group.rules)) {
    const url = rule.annotations?.runbook_url;
    if (!rule.alert || !url || seen.has(rule.alert)) continue;
    const target = /runbooks\.prometheus-operator\.dev\/runbooks\/([^/]+)\/([^/#?]+)/.exec(url);
    const key = target && keyOfPath.get(`${target[1]}/${target[2]}`.toLowerCase());
    if (!key) continue;
    seen.add(rule.alert);
    const labels = Object.entries(rule.labels ?? {})
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    const summary = render(rule.annotations?.summary ?? '');
    const description = render(rule.annotations?.description ?? '');
    const relevant = [key];
    queries.push({ kind: 'alert', alert: rule.alert, text: `[FIRING] ${rule.alert} ${labels}: ${summary || description}`, relevant });
    if (description) queries.push({ kind: 'description', alert: rule.alert, text: description, relevant });
    if (paraphrases[rule.alert]) queries.push({ kind: 'paraphrase', alert: rule.alert, text: paraphrases[rule.alert] as string, relevant });
  }
}
const missing = Object.keys(paraphrases).filter((alert) => !seen.has(alert));
if (missing.length) throw new Error(`paraphrases of alerts without a runbook: ${missing.join(', ')}`);
writeFileSync(new URL('corpus.json', here), `${JSON.stringify({ documents, queries }, null, 1)}\n`);
process.stdout.write(`${documents.length} runbooks, ${queries.length} queries\n`);
