import type { Comment } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert.component';
import { Button } from '../../ui/button.component';
import { Card } from '../../ui/card.component';
import { Spinner } from '../../ui/spinner.component';
import { CommentForm } from './comment-form.component';
import { useGetCommentsQuery } from './comments.api';
import { StarRating } from './star-rating.component';
import { formatDate, formatNumber } from '../../i18n/number-format';

/**
 * Below the results: what others said about this page — the average rating and the comments, newest first — and
 * the form. `sourceUrl` is the page's normalised address, as the extraction has it.
 */
export function CommentsSection({ sourceUrl }: { sourceUrl: string }) {
  const { t, i18n } = useTranslation();
  const comments = useGetCommentsQuery(sourceUrl);
  const approved = comments.data?.filter((comment) => comment.approved) ?? [];
  const average =
    approved.length > 0 ? approved.reduce((sum, comment) => sum + comment.rating, 0) / approved.length : null;

  return (
    <section
      aria-labelledby="comments-title"
      className="grid gap-8 border-t border-slate-200 pt-10 lg:grid-cols-[1fr_24rem] dark:border-slate-800"
    >
      <div className="min-w-0 space-y-6">
        <header className="space-y-2">
          <h2 id="comments-title" className="text-2xl font-bold">
            {t('comments.title')}
          </h2>
          <p className="text-slate-600 dark:text-slate-300">{t('comments.intro')}</p>
          {average !== null && (
            <p className="flex flex-wrap items-center gap-3" data-testid="comments-average">
              <StarRating rating={average} className="size-5" />
              <span className="font-semibold">
                {t('comments.average', { average: formatNumber(average, i18n.language, { maximumFractionDigits: 1 }) })}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-400">
                {t('comments.count', { count: approved.length })}
              </span>
            </p>
          )}
        </header>
        {comments.isLoading ? (
          <Spinner label={t('app.loading')} />
        ) : comments.isError ? (
          <Alert tone="error" title={t('comments.loadFailed')}>
            <Button variant="secondary" onClick={() => void comments.refetch()} className="mt-2">
              {t('comments.retry')}
            </Button>
          </Alert>
        ) : comments.data && comments.data.length > 0 ? (
          <ul className="space-y-4" aria-label={t('comments.title')}>
            {comments.data.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t('comments.empty')}
          </p>
        )}
      </div>
      <Card className="h-fit p-6">
        <CommentForm sourceUrl={sourceUrl} />
      </Card>
    </section>
  );
}

function CommentItem({ comment }: { comment: Comment }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(comment.createdAt, i18n.language);
  return (
    <li
      className={`rounded-2xl border p-4 ${comment.approved ? 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900' : 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40'}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <bdi className="font-semibold">{comment.username}</bdi>
        <StarRating rating={comment.rating} />
        {comment.byAdministrator && (
          <span
            data-testid="administrator-badge"
            className="rounded-full bg-blue-600 px-2 py-0.5 text-xs font-semibold text-white dark:bg-blue-500 dark:text-slate-950"
          >
            {t('comments.administrator')}
          </span>
        )}
        {comment.verified && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
            {t('comments.verified')}
          </span>
        )}
        {!comment.approved && (
          <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-800 dark:text-amber-100">
            {t('comments.pending')}
          </span>
        )}
        <time dateTime={comment.createdAt} className="ms-auto text-xs text-slate-500 dark:text-slate-400">
          {date}
        </time>
      </div>
      {/* Text, never markup: React escapes it, and the visitor's line breaks are kept. */}
      <p dir="auto" className="mt-2 break-words whitespace-pre-line text-slate-700 dark:text-slate-200">
        {comment.content}
      </p>
    </li>
  );
}
