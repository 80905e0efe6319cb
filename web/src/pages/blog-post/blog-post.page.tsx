import type { BlogPost } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BlogCard } from '../../features/blog/blog-card.component';
import { RELATED_DESCRIPTION_LENGTH, relatedPosts } from '../../features/blog/blog-posts';
import { useGetBlogPostQuery, useGetBlogPostsQuery } from '../../features/blog/blog.api';
import { PostMeta, TagList } from '../../features/blog/post-meta.component';
import { ShareLinks } from '../../features/blog/share-links.component';
import { PageFallback } from '../../layout/page-fallback.component';
import { useDocumentHead, usePageMeta } from '../../layout/use-page-meta.hook';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Alert } from '../../ui/alert.component';
import { BackLink } from '../../ui/back-link.component';
import { Button, buttonStyles } from '../../ui/button.component';

/** /blog/{slug} — one article, its share links and three related ones; 'Article Not Found' for an unknown slug. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const article = useGetBlogPostQuery(slug);
  const { t } = useTranslation();

  if (article.isLoading) return <PageFallback />;
  if (article.data) return <Article post={article.data} />;
  if (article.error && 'status' in article.error && article.error.status === 404) return <ArticleNotFound />;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Alert tone="error" title={t('blog.loadFailed')}>
        <Button variant="secondary" onClick={() => void article.refetch()} className="mt-2">
          {t('blog.retry')}
        </Button>
      </Alert>
    </div>
  );
}

function Article({ post }: { post: BlogPost }) {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const posts = useGetBlogPostsQuery();
  const related = posts.data ? relatedPosts(posts.data, post) : [];
  useDocumentHead(t('pageMeta.article', { title: post.title }), post.description);
  const address = `${window.location.origin}${localised(paths.blogPost(post.slug))}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <BackLink to={localised(paths.blog)} className="mb-6">
        {t('blog.backToBlog')}
      </BackLink>
      <article className="mx-auto max-w-3xl">
        <header className="space-y-4">
          <TagList tags={post.tags} />
          <h1 lang="en" dir="ltr" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {post.title}
          </h1>
          <p lang="en" dir="ltr" className="text-lg text-slate-600 dark:text-slate-300">
            {post.description}
          </p>
          <PostMeta post={post} withAuthor />
        </header>
        <img
          src={post.image}
          alt=""
          width={1200}
          height={630}
          className="mt-8 aspect-[40/21] w-full rounded-2xl object-cover"
        />
        {/* Sanitised by the gateway (Markdown rendered with raw HTML off, then an allow-list of tags and schemes). */}
        <div lang="en" dir="ltr" className="article-body mt-8" dangerouslySetInnerHTML={{ __html: post.content }} />
        <footer className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-800">
          <ShareLinks post={post} address={address} />
        </footer>
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-16 space-y-6">
          <h2 id="related-title" className="text-2xl font-bold">
            {t('blog.related')}
          </h2>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((other) => (
              <BlogCard key={other.slug} post={other} descriptionLength={RELATED_DESCRIPTION_LENGTH} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

function ArticleNotFound() {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  usePageMeta('articleNotFound');
  return (
    <div className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t('blog.notFoundTitle')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('blog.notFoundText')}</p>
      <Link to={localised(paths.blog)} className={buttonStyles('primary', 'md', 'mt-8')}>
        {t('blog.backToBlog')}
      </Link>
    </div>
  );
}
