/** A piece of a search highlight: plain text, `match` when the API wrapped it in <em>. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/**
 * Splits the API's highlight HTML (document text escaped, matched words in <em>) into text
 * segments, which React renders as text: nothing of it is ever parsed as HTML, so a document that
 * contains markup shows that markup as characters. Any tag other than <em> is dropped.
 */
export function highlightSegments(html: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let match = false;
  for (const part of html.split(/(<\/?[a-z]+>)/i)) {
    const tag = part.toLowerCase();
    if (tag === '<em>') match = true;
    else if (tag === '</em>') match = false;
    else if (/^<\/?[a-z]+>$/i.test(part)) continue;
    else if (part) {
      const text = decodeEntities(part);
      const last = segments.at(-1);
      if (last && last.match === match) last.text += text;
      else segments.push({ text, match });
    }
  }
  return segments;
}
