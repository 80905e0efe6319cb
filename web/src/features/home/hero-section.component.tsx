import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldsPopupsBackInView } from '../../layout/popup-clearance';
import { ExtractionForm } from '../extraction/extraction-form.component';
import { AnimatedCounter } from './animated-counter.component';

/** The seed's marketing claims, counted up when they come into view. */
const CLAIMS = [
  { label: 'home.statImages', target: 20, format: (value: number) => `${value}M+` },
  { label: 'home.statUsers', target: 200, format: (value: number) => `${value}K+` },
  // Counted in tenths of a percent.
  { label: 'home.statAccuracy', target: 999, format: (value: number) => `${(value / 10).toFixed(1)}%` },
] as const;

export function HeroSection() {
  const { t } = useTranslation();
  const form = useRef<HTMLDivElement>(null);
  // No offer popup over the address box: it is what the visitor came for.
  useHoldsPopupsBackInView(form);
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-x-0 -top-40 -z-10 mx-auto h-[32rem] max-w-4xl rounded-full bg-gradient-to-tr from-blue-500/30 via-indigo-500/20 to-cyan-400/30 blur-3xl dark:from-blue-600/25 dark:via-indigo-600/15 dark:to-cyan-500/20"
      />
      <div className="mx-auto flex min-h-[calc(100svh-4rem)] max-w-3xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
        <p className="rounded-full border border-blue-200 bg-blue-50 px-4 py-1.5 text-xs font-semibold text-blue-800 sm:text-sm dark:border-blue-900 dark:bg-blue-950/60 dark:text-blue-200">
          {t('hero.banner')}
        </p>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          <span className="bg-gradient-to-r from-blue-700 via-indigo-600 to-cyan-700 bg-clip-text text-transparent dark:from-blue-400 dark:via-indigo-300 dark:to-cyan-300">
            {t('hero.tagline')}
          </span>
        </h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t('hero.subtitle')}</p>
        <div ref={form} className="mt-10 w-full">
          <ExtractionForm />
        </div>
        <dl className="mt-12 grid w-full grid-cols-3 gap-4">
          {CLAIMS.map((claim) => (
            <div key={claim.label}>
              <dt className="text-xs text-slate-600 sm:text-sm dark:text-slate-400">{t(claim.label)}</dt>
              {/* "20M+" stays in that order in right-to-left text too. */}
              <dd dir="ltr" className="text-2xl font-bold sm:text-3xl">
                <AnimatedCounter target={claim.target} format={claim.format} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
