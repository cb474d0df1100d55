import { escapeHtml, markedFragmentToHtml, MATCH_START, MATCH_STOP } from '../../../shared/search/highlight.ts';

describe('search highlight HTML', () => {
  it.each([
    ['plain words', 'plain words'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`a & b "c" 'd'`, 'a &amp; b &quot;c&quot; &#39;d&#39;'],
    ['&amp; stays visible as typed', '&amp;amp; stays visible as typed'],
  ])('escapes %j', (text, html) => {
    expect(escapeHtml(text)).toBe(html);
  });

  it('escapes the fragment first, then turns the match markers into <em> tags', () => {
    const fragment = `${MATCH_START}pool${MATCH_STOP} <b>exhausted</b> & ${MATCH_START}<em>${MATCH_STOP}`;
    expect(markedFragmentToHtml(fragment)).toBe('<em>pool</em> &lt;b&gt;exhausted&lt;/b&gt; &amp; <em>&lt;em&gt;</em>');
  });
});
