import type { Comment } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { Alert } from '../../ui/alert.component';
import { Button } from '../../ui/button.component';
import { Spinner } from '../../ui/spinner.component';
import { StarRating } from '../comments/star-rating.component';
import { formatDate } from '../../i18n/number-format';
import { noticeShown } from '../notice/notice.slice';
import { useApproveCommentMutation, useDeleteCommentMutation, useGetPendingCommentsQuery } from './moderation.api';

/** The visitors' comments that wait, oldest first, each approved or deleted with one click. */
export function PendingComments() {
  const { t } = useTranslation();
  const pending = useGetPendingCommentsQuery();

  if (pending.isLoading) return <Spinner label={t('app.loading')} />;
  if (pending.isError || !pending.data) {
    return (
      <Alert tone="error" title={t('admin.loadFailed')}>
        <Button variant="secondary" onClick={() => void pending.refetch()} className="mt-2">
          {t('admin.retry')}
        </Button>
      </Alert>
    );
  }
  if (pending.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
        {t('admin.empty')}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('admin.pendingCount', { count: pending.data.length })}
      </p>
      <ul className="space-y-4" aria-label={t('admin.pendingTitle')}>
        {pending.data.map((comment) => (
          <PendingComment key={comment.id} comment={comment} />
        ))}
      </ul>
    </div>
  );
}

function PendingComment({ comment }: { comment: Comment }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [approve, approving] = useApproveCommentMutation();
  const [remove, removing] = useDeleteCommentMutation();
  const busy = approving.isLoading || removing.isLoading;

  const act = async (action: () => Promise<unknown>, done: 'admin.approved' | 'admin.deleted') => {
    try {
      await action();
      dispatch(noticeShown({ title: done, tone: 'success' }));
    } catch {
      dispatch(noticeShown({ title: 'admin.actionFailed', tone: 'error' }));
    }
  };

  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <bdi className="font-semibold">{comment.username}</bdi>
        <StarRating rating={comment.rating} />
        <time dateTime={comment.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
          {formatDate(comment.createdAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </div>
      <p className="mt-1 flex min-w-0 gap-1 text-xs text-slate-600 dark:text-slate-400">
        <span>{t('admin.onPage')}:</span>
        <a
          href={comment.sourceUrl}
          target="_blank"
          rel="noopener noreferrer"
          dir="ltr"
          className="truncate text-blue-700 hover:underline dark:text-blue-400"
        >
          {comment.sourceUrl}
        </a>
      </p>
      <p dir="auto" className="mt-3 break-words whitespace-pre-line text-slate-800 dark:text-slate-100">
        {comment.content}
      </p>
      <div className="mt-4 flex gap-2">
        <Button disabled={busy} onClick={() => void act(() => approve(comment.id).unwrap(), 'admin.approved')}>
          {t('admin.approve')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void act(() => remove(comment.id).unwrap(), 'admin.deleted')}
        >
          {t('admin.delete')}
        </Button>
      </div>
    </li>
  );
}
