import type { KnowledgeArticleRecord, KnowledgeArticleStore } from '../../shared/db/access/knowledge-articles.ts';
import { NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ArticleView } from '../schemas/knowledge-base.schemas.ts';
import type { SearchIndexer } from '../../shared/search/port.ts';

const articleView = (article: KnowledgeArticleRecord): ArticleView => ({
  id: article.id,
  title: article.title,
  body: article.body,
  tags: article.tags,
  author_id: article.authorId,
  created_at: article.createdAt.toISOString(),
  updated_at: article.updatedAt.toISOString(),
});

export type KnowledgeBaseService = ReturnType<typeof createKnowledgeBaseService>;

const found = (article: KnowledgeArticleRecord | undefined | false): KnowledgeArticleRecord => {
  if (!article) throw new NotFoundError('Article');
  return article;
};

/** Knowledge-base articles; every write is followed by (re)indexing in search. */
export function createKnowledgeBaseService(deps: { articles: () => KnowledgeArticleStore; indexer?: SearchIndexer }) {
  const reindex = (auth: AuthContext, id: string) => deps.indexer?.schedule({ organizationId: auth.organizationId, type: 'article', id });

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number; tag?: string }) {
      const { items, total } = await deps.articles().list(auth.organizationId, query);
      return { items: items.map(articleView), total };
    },
    async get(auth: AuthContext, id: string) {
      return articleView(found(await deps.articles().find(auth.organizationId, id)));
    },
    async create(auth: AuthContext, input: { title: string; body: string; tags: string[] }) {
      const article = await deps.articles().insert(auth.organizationId, {
        title: input.title,
        body: input.body,
        tags: input.tags,
        authorId: auth.userId ?? null,
      });
      await reindex(auth, article.id);
      return articleView(article);
    },
    async update(auth: AuthContext, id: string, input: { title?: string; body?: string; tags?: string[] }) {
      const article = found(await deps.articles().update(auth.organizationId, id, input));
      await reindex(auth, id);
      return articleView(article);
    },
    async remove(auth: AuthContext, id: string) {
      if (!(await deps.articles().remove(auth.organizationId, id))) throw new NotFoundError('Article');
      await reindex(auth, id);
    },
  };
}
