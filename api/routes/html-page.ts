/** Small HTML pages for links opened from mail (page links, contact verification): no script, no style, escaped text. */

import { escapeHtml } from '../../shared/html-escape.ts';

/** A page with a title, paragraphs and optionally one button that POSTs back to the same URL. */
export function htmlPage(input: { title: string; paragraphs: string[]; button?: string }): string {
  const body = input.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  // An empty action posts to the page's own URL: the token stays in the path, never in a body.
  const form = input.button ? `\n<form method="post" action=""><button type="submit">${escapeHtml(input.button)}</button></form>` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(input.title)} · Tocsin</title></head>
<body>
<h1>${escapeHtml(input.title)}</h1>
${body}${form}
</body>
</html>
`;
}

/** Headers of those pages: never cached (a token is in the URL), never sent on as a referrer. */
export const HTML_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};
