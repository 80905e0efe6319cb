import {
  COMMENT_AUTHOR_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  CommentErrorCode,
  DEFAULT_COMMENT_RATING,
  parseCommentRequest,
  type CommentRefusal,
} from '@pixtract/contracts';
import type { ParseKeys } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../ui/button.component';
import { Input } from '../../ui/input.component';
import { useAuthStatus } from '../auth/auth.api';
import { catalogueText } from '../extraction/extraction-messages';
import { noticeShown } from '../notice/notice.slice';
import { useAddCommentMutation } from './comments.api';
import { StarRatingInput } from './star-rating.component';

/** The seed's titles for its two refusals; any other refusal is a failure to add the comment. */
const REFUSAL_TITLES: Partial<Record<CommentRefusal, ParseKeys>> = {
  [CommentErrorCode.CommentRequired]: 'comments.commentRequiredTitle',
  [CommentErrorCode.UsernameRequired]: 'comments.usernameRequiredTitle',
};

/**
 * Rating, name (visitors only: a member is named by their account) and comment, checked by the same rules the
 * server applies before anything is sent. A member's comment shows at once; a visitor's waits for a moderator.
 */
export function CommentForm({ sourceUrl }: { sourceUrl: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAuthStatus();
  const [addComment, { isLoading }] = useAddCommentMutation();
  const [rating, setRating] = useState(DEFAULT_COMMENT_RATING);
  const [username, setUsername] = useState('');
  const [content, setContent] = useState('');
  const [invalid, setInvalid] = useState<CommentRefusal | null>(null);
  const ids = { name: useId(), content: useId(), counter: useId(), error: useId() };
  const member = status.data?.isAuthenticated ? status.data.user : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = { content, rating, sourceUrl, ...(member ? {} : { username }) };
    const checked = parseCommentRequest(request, { anonymous: !member });
    if (!checked.ok) {
      setInvalid(checked.code);
      dispatch(
        noticeShown({
          title: REFUSAL_TITLES[checked.code] ?? 'comments.failedTitle',
          description: `errors.${checked.code}`,
          tone: 'error',
        }),
      );
      return;
    }
    setInvalid(null);
    try {
      const comment = await addComment(request).unwrap();
      setContent('');
      setRating(DEFAULT_COMMENT_RATING);
      dispatch(
        comment.approved
          ? noticeShown({ title: 'comments.postedTitle', description: 'comments.postedText', tone: 'success' })
          : noticeShown({ title: 'comments.heldTitle', description: 'comments.heldText', tone: 'success' }),
      );
    } catch (error) {
      const body = apiErrorBody(error);
      dispatch(
        noticeShown({
          title: 'comments.failedTitle',
          text: catalogueText(t, body?.code, body?.message) ?? t('errors.INTERNAL'),
          tone: 'error',
        }),
      );
    }
  };

  const left = COMMENT_MAX_LENGTH - content.length;
  const nameInvalid = invalid === CommentErrorCode.UsernameRequired || invalid === CommentErrorCode.UsernameTooLong;
  const contentInvalid = invalid === CommentErrorCode.CommentRequired || invalid === CommentErrorCode.CommentTooLong;
  // The refusal stays under the field it is about (the toast fades) and describes it.
  const fieldError = (
    <p id={ids.error} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {invalid && t(`errors.${invalid}`)}
    </p>
  );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4"
      aria-labelledby="comment-form-title"
    >
      <h3 id="comment-form-title" className="text-lg font-semibold">
        {t('comments.formTitle')}
      </h3>
      <StarRatingInput value={rating} onChange={setRating} />
      {member ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('comments.postingAs', { name: member.displayName || member.username })}
        </p>
      ) : (
        <div>
          <label htmlFor={ids.name} className="mb-1 block text-sm font-medium">
            {t('comments.name')}
          </label>
          <Input
            id={ids.name}
            autoComplete="nickname"
            maxLength={COMMENT_AUTHOR_MAX_LENGTH}
            value={username}
            aria-invalid={nameInvalid}
            aria-describedby={nameInvalid ? ids.error : undefined}
            onChange={(event) => setUsername(event.target.value)}
          />
          {nameInvalid && fieldError}
        </div>
      )}
      <div>
        <label htmlFor={ids.content} className="mb-1 block text-sm font-medium">
          {t('comments.comment')}
        </label>
        <textarea
          id={ids.content}
          rows={4}
          dir="auto"
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t('comments.placeholder')}
          value={content}
          aria-invalid={contentInvalid}
          aria-describedby={contentInvalid ? `${ids.error} ${ids.counter}` : ids.counter}
          onChange={(event) => setContent(event.target.value)}
          className="w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-blue-500 focus:outline-2 focus:outline-blue-500/40 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        {contentInvalid && fieldError}
        <p id={ids.counter} className="mt-1 text-end text-xs text-slate-500 dark:text-slate-400">
          {t('comments.charactersLeft', { count: left })}
        </p>
      </div>
      {!member && <p className="text-sm text-slate-600 dark:text-slate-300">{t('comments.moderationNote')}</p>}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? t('comments.posting') : t('comments.submit')}
      </Button>
    </form>
  );
}
