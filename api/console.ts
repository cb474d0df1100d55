import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Middleware } from 'koa';
import { CONSOLE_POLICY } from './middleware/security-headers.ts';

/** Where `console/build.ts` writes the bundle (Vite's `dist`), next to the console's sources. */
export const DEFAULT_CONSOLE_DIST_DIR = fileURLToPath(new URL('../console/dist', import.meta.url));

export interface ConsoleOptions {
  distDir: string;
  /** Temporal UI's base URL: the console links every workflow there. */
  temporalUiUrl: string;
  temporalNamespace: string;
}

// Paths of the API and its neighbours: never answered with the console's page, whatever they accept.
const RESERVED = [
  '/api/',
  '/api',
  '/openapi.json',
  '/docs',
  '/redoc',
  '/metrics',
  '/healthz',
  '/readyz',
  '/socket.io',
  '/helper',
  '/webhooks',
];
const isReserved = (path: string) =>
  RESERVED.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};
// One path segment of the characters Vite names files with: no `..`, no separators.
const FILE_NAME = /^[\w-]+(?:\.[\w-]+)+$/;

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The console (console/dist) at `/`, after every API router: `/assets/<hashed name>` cached for a
 * year as immutable, the few unhashed files at the root for an hour, and index.html (no-cache, so
 * a new release is picked up at once) for any other GET that asks for HTML: the browser-side
 * router owns those paths. The page carries the instance's settings in a meta tag, as JSON: the
 * content security policy allows no inline script.
 */
export function serveConsole(options: ConsoleOptions): Middleware {
  const settings = escapeAttribute(JSON.stringify({ temporalUiUrl: options.temporalUiUrl, temporalNamespace: options.temporalNamespace }));
  const fileAt = async (path: string): Promise<string | undefined> => {
    const file = join(options.distDir, path);
    const found = await stat(file).catch(() => undefined);
    return found?.isFile() ? file : undefined;
  };
  return async (ctx, next) => {
    await next();
    if (ctx.body != null || ctx.status !== 404 || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || isReserved(ctx.path)) return;
    const assetName = ctx.path.startsWith('/assets/') ? ctx.path.slice('/assets/'.length) : undefined;
    const rootName = ctx.path.lastIndexOf('/') === 0 ? ctx.path.slice(1) : undefined;
    const staticName = assetName ?? rootName;
    if (staticName && FILE_NAME.test(staticName) && TYPES[extname(staticName)]) {
      const file = await fileAt(assetName ? join('assets', assetName) : staticName);
      if (file) {
        ctx.set('Content-Security-Policy', CONSOLE_POLICY);
        ctx.set('Cache-Control', assetName ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        ctx.type = TYPES[extname(staticName)] as string;
        ctx.body = createReadStream(file);
        return;
      }
    }
    // A missing bundle file stays a 404: the page in its place would fail as a script.
    if (assetName !== undefined) return;
    if (!ctx.accepts('html') || !(ctx.get('Accept') ?? '').includes('text/html')) return;
    const page = await readFile(join(options.distDir, 'index.html'), 'utf8').catch(() => undefined);
    if (page === undefined) return;
    ctx.set('Content-Security-Policy', CONSOLE_POLICY);
    ctx.set('Cache-Control', 'no-cache');
    ctx.status = 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page.replace('<meta name="tocsin-config" content="{}" />', `<meta name="tocsin-config" content="${settings}" />`);
  };
}
