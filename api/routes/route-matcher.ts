import type { HttpMethod } from './http-method.ts';
import { escapeRegExp, PARAMETER_SEGMENT } from './path-templates.ts';

/**
 * One route's path compiled once, matched the way `@koa/router` matches (its defaults: case
 * insensitive, one optional trailing slash, a `{param}` segment is one or more characters other
 * than `/`, its value URI-decoded unless that fails), without the router's per-request layer
 * chain. `koaPath` is the template as the router spells it (`/api/v1/incidents/:id`): metrics and
 * traces label requests with it.
 */
export interface CompiledRoutePath {
  koaPath: string;
  /** GET answers HEAD too, as the router does. */
  answers(method: string): boolean;
  /** The decoded parameters when `path` is this route's, else undefined. */
  match(path: string): Record<string, string> | undefined;
}

function safeDecodeURIComponent(text: string): string {
  // Most parameters (ids, names) hold no escape: nothing to decode, no try frame.
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function compileRoutePath(prefix: string, method: HttpMethod, path: string): CompiledRoutePath {
  const segments = `${prefix}${path}`.split('/');
  const paramNames: string[] = [];
  const pattern = segments
    .map((segment) => {
      const parameter = PARAMETER_SEGMENT.exec(segment);
      if (!parameter) return escapeRegExp(segment);
      paramNames.push(parameter[1] as string);
      return '([^\\/]+)';
    })
    .join('\\/');
  const regexp = new RegExp(`^(?:${pattern})(?:\\/$)?$`, 'i');
  const upper = method.toUpperCase();
  const answersHead = upper === 'GET';
  return {
    koaPath: segments.map((segment) => segment.replace(PARAMETER_SEGMENT, ':$1')).join('/'),
    answers: (requestMethod) => requestMethod === upper || (answersHead && requestMethod === 'HEAD'),
    match(requestPath) {
      const captures = regexp.exec(requestPath);
      if (!captures) return undefined;
      const params: Record<string, string> = {};
      for (let index = 0; index < paramNames.length; index++) {
        params[paramNames[index] as string] = safeDecodeURIComponent(captures[index + 1] as string);
      }
      return params;
    },
  };
}
