import type { EntityManager } from '@mikro-orm/core';
import { KnowledgeArticleEntity, type KnowledgeArticle } from '../../shared/db/entities/index.ts';
import { NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ArticleView } from '../schemas/knowledge-base.schemas.ts';
import type { SearchIndexer } from '../../shared/search/port.ts';

const articleView = (article: KnowledgeArticle): ArticleView => ({
  id: article.id,
  title: article.title,
  body: article.body,
  tags: article.tags,
  author_id: article.authorId ?? null,
  created_at: article.createdAt.toISOString(),
  updated_at: article.updatedAt.toISOString(),
});

export type KnowledgeBaseService = ReturnType<typeof createKnowledgeBaseService>;

/** Knowledge-base articles; every write is followed by (re)indexing in search. */
export function createKnowledgeBaseService(deps: { em: () => EntityManager; indexer?: SearchIndexer }) {
  const load = async (id: string) => {
    const article = await deps.em().findOne(KnowledgeArticleEntity, { id });
    if (!article) throw new NotFoundError('Article');
    return article;
  };
  const reindex = (auth: AuthContext, id: string) => deps.indexer?.schedule({ organizationId: auth.organizationId, type: 'article', id });

  return {
    async list(_auth: AuthContext, query: { limit: number; offset: number; tag?: string }) {
      const where = query.tag ? { tags: { $contains: [query.tag] } } : {};
      const [items, total] = await deps.em().findAndCount(KnowledgeArticleEntity, where, {
        orderBy: { updatedAt: 'desc', id: 'desc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items: items.map(articleView), total };
    },
    async get(_auth: AuthContext, id: string) {
      return articleView(await load(id));
    },
    async create(auth: AuthContext, input: { title: string; body: string; tags: string[] }) {
      const em = deps.em();
      const article = em.create(KnowledgeArticleEntity, {
        organization: auth.organizationId,
        title: input.title,
        body: input.body,
        tags: input.tags,
        authorId: auth.userId ?? null,
      });
      await em.flush();
      await reindex(auth, article.id);
      return articleView(article);
    },
    async update(auth: AuthContext, id: string, input: { title?: string; body?: string; tags?: string[] }) {
      const article = await load(id);
      if (input.title !== undefined) article.title = input.title;
      if (input.body !== undefined) article.body = input.body;
      if (input.tags !== undefined) article.tags = input.tags;
      await deps.em().flush();
      await reindex(auth, id);
      return articleView(article);
    },
    async remove(auth: AuthContext, id: string) {
      const article = await load(id);
      await deps.em().remove(article).flush();
      await reindex(auth, id);
    },
  };
}
