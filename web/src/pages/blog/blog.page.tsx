import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BlogCard } from '../../features/blog/blog-card.component';
import { searchPosts, tagsOf } from '../../features/blog/blog-posts';
import { useGetBlogPostsQuery } from '../../features/blog/blog.api';
import { useTagLabel } from '../../features/blog/tag-label';
import { NewsletterForm } from '../../features/newsletter/newsletter-form.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';
import { paths } from '../../router/paths';
import { useLanguage, useLocalisedPath } from '../../router/use-language.hook';
import { Alert } from '../../ui/alert.component';
import { Button, buttonStyles } from '../../ui/button.component';
import { Input } from '../../ui/input.component';
import { Spinner } from '../../ui/spinner.component';

/**
 * /blog — search box and tag chips (kept in the address: ?q= and ?tag=), the first matching article featured, the
 * others under 'Latest Posts' or 'Posts tagged with …', then the newsletter and a call to action.
 */
export function BlogPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const localised = useLocalisedPath();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const tag = params.get('tag');
  const posts = useGetBlogPostsQuery();
  const searchId = useId();
  const tagLabel = useTagLabel();
  usePageMeta('blog');

  const tags = useMemo(() => tagsOf(posts.data ?? []), [posts.data]);
  const found = useMemo(() => searchPosts(posts.data ?? [], query, tag), [posts.data, query, tag]);
  const [featured, ...rest] = found;

  const filter = (change: { q?: string; tag?: string | null }) => {
    const next = { q: change.q ?? query, tag: change.tag === undefined ? tag : change.tag };
    setParams({ ...(next.q ? { q: next.q } : {}), ...(next.tag ? { tag: next.tag } : {}) }, { replace: true });
  };

  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-12 sm:px-6">
      <header className="mx-auto max-w-3xl space-y-4 text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">{t('blog.title')}</h1>
        <p className="text-lg text-slate-600 dark:text-slate-300">{t('blog.intro')}</p>
        {language !== 'en' && <p className="text-sm text-slate-500 dark:text-slate-400">{t('blog.englishOnly')}</p>}
      </header>

      <div className="space-y-4">
        <form role="search" onSubmit={(event) => event.preventDefault()} className="mx-auto max-w-xl">
          <label htmlFor={searchId} className="sr-only">
            {t('blog.searchLabel')}
          </label>
          <Input
            id={searchId}
            type="search"
            placeholder={t('blog.searchPlaceholder')}
            value={query}
            onChange={(event) => filter({ q: event.target.value })}
          />
        </form>
        <div role="group" aria-label={t('blog.tagsLabel')} className="flex flex-wrap justify-center gap-2">
          {[null, ...tags].map((chip) => (
            <button
              key={chip ?? ''}
              type="button"
              aria-pressed={tag === chip}
              onClick={() => filter({ tag: chip })}
              className={`rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-blue-500 ${
                tag === chip
                  ? 'border-blue-600 bg-blue-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
              }`}
            >
              {chip ? tagLabel(chip) : t('blog.all')}
            </button>
          ))}
        </div>
      </div>

      {posts.isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner label={t('app.loading')} />
        </div>
      ) : posts.isError ? (
        <div className="mx-auto max-w-xl">
          <Alert tone="error" title={t('blog.loadFailed')}>
            <Button variant="secondary" onClick={() => void posts.refetch()} className="mt-2">
              {t('blog.retry')}
            </Button>
          </Alert>
        </div>
      ) : featured ? (
        <>
          <BlogCard post={featured} featured headingLevel={2} />
          {rest.length > 0 && (
            <section aria-labelledby="blog-list-title" className="space-y-6">
              <h2 id="blog-list-title" className="text-2xl font-bold">
                {tag ? t('blog.taggedWith', { tag: tagLabel(tag) }) : t('blog.latest')}
              </h2>
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {rest.map((post) => (
                  <BlogCard key={post.slug} post={post} />
                ))}
              </div>
            </section>
          )}
        </>
      ) : (
        <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
          <h2 className="text-xl font-semibold">{t('blog.noPosts')}</h2>
          <p className="text-slate-600 dark:text-slate-300">{t('blog.noPostsText')}</p>
          <Button variant="secondary" onClick={() => setParams({}, { replace: true })}>
            {t('blog.resetFilters')}
          </Button>
        </div>
      )}

      <section
        aria-labelledby="blog-newsletter-title"
        className="mx-auto max-w-3xl space-y-4 rounded-3xl border border-slate-200 bg-white p-8 text-center dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="blog-newsletter-title" className="text-2xl font-bold">
          {t('blog.newsletterTitle')}
        </h2>
        <p className="text-slate-600 dark:text-slate-300">{t('blog.newsletterText')}</p>
        <div className="mx-auto max-w-xl">
          <NewsletterForm />
        </div>
      </section>

      <section
        aria-labelledby="blog-cta-title"
        className="rounded-3xl bg-gradient-to-br from-blue-700 to-indigo-800 p-8 text-center text-white sm:p-12"
      >
        <h2 id="blog-cta-title" className="text-2xl font-bold sm:text-3xl">
          {t('blog.ctaTitle')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-blue-100">{t('blog.ctaText')}</p>
        <Link to={localised(paths.section('try-it'))} className={buttonStyles('secondary', 'lg', 'mt-6')}>
          {t('blog.ctaButton')}
        </Link>
      </section>
    </div>
  );
}
