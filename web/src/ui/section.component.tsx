import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tinted?: boolean;
}

/** A home-page section: an anchor target with a heading, an optional intro and its content. */
export function Section({ id, title, intro, children, tinted = false }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 py-16 sm:py-24 ${tinted ? 'bg-white dark:bg-slate-900/40' : ''}`}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{intro}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
