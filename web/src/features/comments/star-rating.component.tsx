import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const STARS = [1, 2, 3, 4, 5] as const;

function Star({ filled, className = 'size-4' }: { filled: boolean; className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 20 20"
      className={`${className} ${filled ? 'fill-amber-400' : 'fill-slate-300 dark:fill-slate-600'}`}
    >
      <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
    </svg>
  );
}

/** A rating shown as five stars (half a star rounds up), read out as "4 stars out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation();
  const shown = Math.round(rating);
  return (
    <span role="img" aria-label={t('comments.stars', { count: shown })} className="inline-flex gap-0.5">
      {STARS.map((star) => (
        <Star key={star} filled={star <= shown} className={className} />
      ))}
    </span>
  );
}

/** Five stars to choose from: a radio group, so keyboards and screen readers use it like any other. */
export function StarRatingInput({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{t('comments.rating')}</legend>
      <div className="flex gap-1">
        {STARS.map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-500"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <span className="sr-only">{t('comments.stars', { count: star })}</span>
            <Star filled={star <= value} className="size-7" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
