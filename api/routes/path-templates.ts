import type { HttpMethod } from './route.ts';

const PARAMETER = /^\{\w+\}$/;

/**
 * OpenAPI path matching: the template a request path belongs to, where a concrete segment wins
 * over a templated one (`/invitations/accept` over `/invitations/{id}`, `/webhooks/health` over
 * `/webhooks/{platform}`), leftmost first. Koa's router tries routes in order and would hand
 * `PATCH /integrations/apm` to `PATCH /integrations/{id}`; the description says that path has only GET.
 */
export function createPathResolver(templates: Iterable<string>): (path: string) => string | undefined {
  const compiled = [...new Set(templates)].map((template) => ({ template, segments: template.split('/') }));
  return (path) => {
    // The router is not strict about one trailing slash; neither is this.
    const segments = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/');
    let best: { template: string; score: number[] } | undefined;
    for (const { template, segments: pattern } of compiled) {
      if (pattern.length !== segments.length) continue;
      const score: number[] = [];
      const matches = pattern.every((segment, index) => {
        if (PARAMETER.test(segment)) {
          score.push(0);
          return (segments[index] ?? '') !== '';
        }
        score.push(1);
        return segment === segments[index];
      });
      if (matches && (!best || isMoreConcrete(score, best.score))) best = { template, score };
    }
    return best?.template;
  };
}

function isMoreConcrete(score: number[], than: number[]): boolean {
  for (let index = 0; index < score.length; index++) {
    if (score[index] !== than[index]) return (score[index] as number) > (than[index] as number);
  }
  return false;
}

/** The `Allow` header of a path: its declared methods, and HEAD wherever GET is (Koa answers it). */
export function allowHeader(methods: Iterable<HttpMethod>): string {
  const declared = new Set([...methods].map((method) => method.toUpperCase()));
  if (declared.has('GET')) declared.add('HEAD');
  return ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((method) => declared.has(method)).join(', ');
}
