import { highlightSegments } from '../../console/src/lib/highlight.ts';

describe('highlightSegments', () => {
  it.each([
    ['plain text', 'disk full on db-1', [{ text: 'disk full on db-1', match: false }]],
    [
      'one match',
      'the <em>disk</em> is full',
      [
        { text: 'the ', match: false },
        { text: 'disk', match: true },
        { text: ' is full', match: false },
      ],
    ],
    ['adjacent matches merge', '<em>disk</em><em> full</em>', [{ text: 'disk full', match: true }]],
    [
      'escaped markup stays text',
      '&lt;script&gt;alert(1)&lt;/script&gt; <em>x</em>',
      [
        { text: '<script>alert(1)</script> ', match: false },
        { text: 'x', match: true },
      ],
    ],
    ['entities decode once', '&amp;lt; &quot;q&quot; &#39;a&#39;', [{ text: '&lt; "q" \'a\'', match: false }]],
    [
      'other tags are dropped, not rendered',
      '<b>bold</b> <em>hit</em>',
      [
        { text: 'bold ', match: false },
        { text: 'hit', match: true },
      ],
    ],
    [
      'an unclosed em runs to the end',
      'a <em>b c',
      [
        { text: 'a ', match: false },
        { text: 'b c', match: true },
      ],
    ],
    ['empty', '', []],
  ])('%s', (_label, html, expected) => {
    expect(highlightSegments(html)).toEqual(expected);
  });
});
