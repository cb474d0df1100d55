import { z } from 'zod';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';

const tags = z.array(nonBlankText().max(100)).max(50);

export const ArticleSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    body: z.string(),
    tags: z.array(z.string()),
    author_id: z.uuid().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'KnowledgeArticle' });

export const ArticleListQuery = PaginationQuery.extend({
  tag: nonBlankText().max(100).optional(),
});

export const CreateArticleBody = z.object({
  title: nonBlankText().max(500),
  body: z.string().min(1).max(100_000),
  tags: tags.default([]),
});

export const UpdateArticleBody = requireAnyOf(
  z.object({ title: nonBlankText().max(500).optional(), body: z.string().min(1).max(100_000).optional(), tags: tags.optional() }),
);

/** What the services return: the response schemas are the contract, these types follow them. */
export type ArticleView = z.output<typeof ArticleSchema>;

export const ArticleResponse = single(ArticleSchema);
export const ArticleListResponse = list(ArticleSchema);
