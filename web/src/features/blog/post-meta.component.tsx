import { LANGUAGE_TAGS, type BlogPost } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../router/use-language.hook';
import { useTagLabel } from './tag-label';

/** An article's day (YYYY-MM-DD, a calendar day: no time zone moves it) in the reader's language. */
export function usePostDate(date: string): string {
  const language = useLanguage();
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** Date · read time (· author). */
export function PostMeta({ post, withAuthor = false }: { post: BlogPost; withAuthor?: boolean }) {
  const { t } = useTranslation();
  const date = usePostDate(post.date);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
      <time dateTime={post.date}>{date}</time>
      <span aria-hidden>·</span>
      <span>{t('blog.readTime', { count: post.readTime })}</span>
      {withAuthor && (
        <>
          <span aria-hidden>·</span>
          <span>{t('blog.by', { author: post.author })}</span>
        </>
      )}
    </p>
  );
}

export function TagList({ tags, className = '' }: { tags: string[]; className?: string }) {
  const { t } = useTranslation();
  const label = useTagLabel();
  return (
    <ul aria-label={t('blog.tags')} className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-medium text-blue-800 dark:bg-blue-950 dark:text-blue-200"
        >
          {label(tag)}
        </li>
      ))}
    </ul>
  );
}
