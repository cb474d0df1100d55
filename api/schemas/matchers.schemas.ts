import { z } from 'zod';
import { MAX_MATCHERS, MAX_MATCHERS_TEXT_LENGTH, MatcherError, type Matcher } from '../../shared/domain/matchers.ts';

/**
 * Matcher text(s) in, parsed matchers out: one list (`{a="b"}`) or an array of matcher texts, each
 * parsed by the rules of the field's kind (`parse`); a parse or regex problem is a 422 on this field.
 */
export const matchersInput = (parse: (input: string | readonly string[]) => Matcher[], description: string) =>
  z
    .union([z.string().max(MAX_MATCHERS_TEXT_LENGTH), z.array(z.string().max(MAX_MATCHERS_TEXT_LENGTH)).min(1).max(MAX_MATCHERS)])
    .transform((input, ctx) => {
      try {
        return parse(input);
      } catch (error) {
        if (!(error instanceof MatcherError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    })
    .describe(description);
