import type { HttpMethod } from './http-method.ts';

/** A templated segment, `{name}`; the capture is the parameter's name. */
export const PARAMETER_SEGMENT = /^\{(\w+)\}$/;

/**
 * OpenAPI path matching: the template a request path belongs to, where a concrete segment wins
 * over a templated one (`/invitations/accept` over `/invitations/{id}`, `/webhooks/health` over
 * `/webhooks/{platform}`), leftmost first. Koa's router tries routes in order and would hand
 * `PATCH /integrations/apm` to `PATCH /integrations/{id}`; the description says that path has only GET.
 */
export function createPathResolver(templates: Iterable<string>): (path: string) => string | undefined {
  const compiled = [...new Set(templates)].map(compileTemplate);
  return (path) => {
    const segments = pathSegments(path);
    let best: CompiledTemplate | undefined;
    for (const candidate of compiled) {
      if (matchesSegments(candidate, segments) && (!best || isMoreConcrete(candidate.score, best.score))) best = candidate;
    }
    return best?.template;
  };
}

/**
 * For one template, whether a request path it matches belongs to a more concrete neighbour instead
 * (what createPathResolver would say, without scanning every template per request): the
 * neighbours are found once, and most templates have none, so their check costs nothing.
 */
export function createShadowCheck(template: string, templates: Iterable<string>): (path: string) => boolean {
  const own = compileTemplate(template);
  const neighbours = [...new Set(templates)]
    .map(compileTemplate)
    .filter(
      (other) => other.template !== template && other.segments.length === own.segments.length && isMoreConcrete(other.score, own.score),
    );
  if (neighbours.length === 0) return () => false;
  // One expression for all of them, as matchesSegments reads a path: exact concrete segments, a
  // parameter any non-empty one, one trailing slash ignored.
  const alternatives = neighbours.map(({ segments, score }) =>
    segments.map((segment, index) => (score[index] === 0 ? '[^/]+' : escapeRegExp(segment))).join('/'),
  );
  const expression = new RegExp(`^(?:${alternatives.join('|')})/?$`);
  return (path) => expression.test(path);
}

/** Escapes a path's text for a RegExp (the route matcher's expressions too). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

interface CompiledTemplate {
  template: string;
  segments: string[];
  /** Per segment: 1 concrete, 0 parameter; a higher score at the leftmost difference is more concrete. */
  score: number[];
}

function compileTemplate(template: string): CompiledTemplate {
  const segments = template.split('/');
  return { template, segments, score: segments.map((segment) => (PARAMETER_SEGMENT.test(segment) ? 0 : 1)) };
}

// The router is not strict about one trailing slash; neither is this.
const pathSegments = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/');

function matchesSegments({ segments: pattern, score }: CompiledTemplate, segments: string[]): boolean {
  if (pattern.length !== segments.length) return false;
  return pattern.every((segment, index) => (score[index] === 0 ? (segments[index] ?? '') !== '' : segment === segments[index]));
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
