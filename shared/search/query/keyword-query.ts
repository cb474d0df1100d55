import { queryTerms } from './fusion.ts';

/**
 * How many of a query's terms the keyword side searches for. A pasted log trims to dozens of terms,
 * and an OR over all of them matches most of the corpus: PostgreSQL then ranks every matching row
 * and Elasticsearch scores a long disjunction. The keyword side only picks candidates (fusion
 * weighs each one against every term of the query), so its most telling terms are enough.
 */
export const MAX_KEYWORD_TERMS = 16;

/**
 * The terms the keyword side looks for, as one text for either backend to split as it does: the
 * query's terms without function words and log boilerplate (`error`, `info`, `failed`, kept only
 * when nothing else is left), identifiers first (`53300`, `orders-api`: only an exact match answers
 * them), then words, each group in the order the query has them; capped.
 */
export function keywordQueryText(text: string, max = MAX_KEYWORD_TERMS): string {
  const terms = queryTerms(text);
  // Boilerplate matches a large share of any log-fed corpus: searched for only when nothing else is there.
  const telling = terms.filter((term) => term.weight >= 1);
  return (telling.length ? telling : terms)
    .map((term, position) => ({ term, position }))
    .sort((a, b) => b.term.weight - a.term.weight || a.position - b.position)
    .slice(0, max)
    .map(({ term }) => term.text)
    .join(' ');
}
