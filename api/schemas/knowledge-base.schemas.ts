import { z } from 'zod';
import { list, PaginationQuerySchema, single, timestamp } from './common.ts';

const tags = z.array(z.string().trim().min(1).max(100)).max(50);

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

export const ArticleListQuery = PaginationQuerySchema.extend({
  tag: z.string().trim().min(1).max(100).optional(),
});

export const CreateArticleBody = z.object({
  title: z.string().trim().min(1).max(500),
  body: z.string().min(1).max(100_000),
  tags: tags.default([]),
});

export const UpdateArticleBody = z
  .object({ title: z.string().trim().min(1).max(500).optional(), body: z.string().min(1).max(100_000).optional(), tags: tags.optional() })
  .refine((body) => Object.keys(body).length > 0, { message: 'At least one field is required' });

export const ArticleResponse = single(ArticleSchema);
export const ArticleListResponse = list(ArticleSchema);
