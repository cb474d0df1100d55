import { escapeHtml } from '../../shared/html-escape.ts';

describe('HTML escaping', () => {
  it.each([
    ['plain words', 'plain words'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`a & b "c" 'd'`, 'a &amp; b &quot;c&quot; &#39;d&#39;'],
    ['&amp; stays visible as typed', '&amp;amp; stays visible as typed'],
  ])('escapes %j', (text, html) => {
    expect(escapeHtml(text)).toBe(html);
  });
});
