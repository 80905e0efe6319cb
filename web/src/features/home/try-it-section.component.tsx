import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { Section } from '../../ui/section.component';
import { selectLatestResult } from '../extraction/latest-result.slice';
import { LatestResult } from './latest-result.component';

/** The latest result this tab saw, else the seed's empty state: six sample placeholders and a pointer to the search bar. */
const PLACEHOLDERS = 6;

export function TryItSection() {
  const { t } = useTranslation();
  const latest = useAppSelector(selectLatestResult);
  if (latest)
    return (
      <Section id="try-it" title={t('tryIt.title')} intro={t('tryIt.hint')} tinted>
        <LatestResult latest={latest} />
      </Section>
    );
  return (
    <Section id="try-it" title={t('tryIt.title')} intro={t('tryIt.hint')} tinted>
      <ul aria-label={t('tryIt.samples')} className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {Array.from({ length: PLACEHOLDERS }, (_, index) => (
          <li
            key={index}
            aria-label={t('tryIt.sample', { number: index + 1 })}
            className="bg-checkerboard flex aspect-[4/3] items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-slate-100 [--checker-color:var(--color-slate-200)] dark:border-slate-700 dark:bg-slate-800 dark:[--checker-color:rgb(255_255_255/0.04)]"
          >
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              className="size-10 text-slate-400"
            >
              <rect x="3" y="4" width="18" height="16" rx="2" />
              <path d="m3 16 5-5 4 4 3-3 6 6" />
              <circle cx="16" cy="9" r="1.5" />
            </svg>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center">
        <a
          href="#main"
          onClick={(event) => (event.preventDefault(), window.scrollTo({ top: 0, behavior: 'smooth' }))}
          className="font-medium text-blue-700 underline dark:text-blue-400"
        >
          {t('tryIt.toSearch')}
        </a>
      </p>
    </Section>
  );
}
