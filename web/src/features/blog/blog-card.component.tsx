import type { BlogPost } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { CARD_DESCRIPTION_LENGTH, excerpt } from './blog-posts';
import { PostMeta, TagList } from './post-meta.component';

/**
 * An article in a list: illustration, tags, title, description (cut at `descriptionLength`) and date. `featured`
 * lays the first article out large. The article's words are English whatever the page's language.
 */
export function BlogCard({
  post,
  featured = false,
  descriptionLength = CARD_DESCRIPTION_LENGTH,
  headingLevel = 3,
}: {
  post: BlogPost;
  featured?: boolean;
  descriptionLength?: number;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`group relative flex overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900 ${featured ? 'flex-col md:flex-row' : 'flex-col'}`}
    >
      <img
        src={post.image}
        alt=""
        width={1200}
        height={630}
        className={`aspect-[40/21] w-full object-cover ${featured ? 'md:w-1/2' : ''}`}
      />
      <div className={`flex flex-1 flex-col gap-3 p-5 ${featured ? 'md:justify-center md:p-8' : ''}`}>
        {featured && (
          <p className="text-xs font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">
            {t('blog.featured')}
          </p>
        )}
        <TagList tags={post.tags} />
        <Heading lang="en" dir="ltr" className={`font-bold ${featured ? 'text-2xl sm:text-3xl' : 'text-lg'}`}>
          {/* The whole card is the link's target area. */}
          <Link
            to={localised(paths.blogPost(post.slug))}
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline hover:underline"
          >
            {post.title}
          </Link>
        </Heading>
        <p lang="en" dir="ltr" className="text-slate-600 dark:text-slate-300">
          {excerpt(post.description, descriptionLength)}
        </p>
        <div className="mt-auto">
          <PostMeta post={post} />
        </div>
      </div>
    </article>
  );
}
