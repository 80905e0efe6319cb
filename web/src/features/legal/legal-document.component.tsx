import { LANGUAGE_TAGS } from '@pixtract/contracts';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CONTACT_EMAIL } from '../../app/contact';
import { useLanguage } from '../../router/use-language.hook';

export interface LegalSection {
  /** The anchor of the section (/privacy#storage). */
  id: string;
  title: ParseKeys;
  paragraphs?: ParseKeys[];
  items?: ParseKeys[];
  /** Anything richer, after the paragraphs (a table). */
  extra?: ReactNode;
}

interface LegalDocumentProps {
  title: ParseKeys;
  intro: ParseKeys;
  /** YYYY-MM-DD of this version. */
  updated: string;
  sections: LegalSection[];
}

/** A legal page: title, version date, contents, the numbered sections and how to reach us. */
export function LegalDocument({ title, intro, updated, sections }: LegalDocumentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const date = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${updated}T00:00:00Z`),
  );

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header className="space-y-3 border-b border-slate-200 pb-8 dark:border-slate-800">
        <h1 className="text-3xl font-bold sm:text-4xl">{t(title)}</h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('legal.lastUpdated', { date })}</p>
        <p className="text-lg text-slate-700 dark:text-slate-300">{t(intro)}</p>
      </header>
      <nav aria-labelledby="legal-contents" className="my-8 rounded-2xl bg-slate-100 p-5 dark:bg-slate-900">
        <h2 id="legal-contents" className="mb-3 text-sm font-semibold">
          {t('legal.contents')}
        </h2>
        <ol className="list-decimal space-y-1 ps-5 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-blue-700 hover:underline dark:text-blue-400">
                {t(section.title)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-10">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-24 space-y-3"
          >
            <h2 id={`${section.id}-title`} className="text-xl font-semibold">
              {index + 1}. {t(section.title)}
            </h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="leading-relaxed text-slate-700 dark:text-slate-300">
                {t(paragraph)}
              </p>
            ))}
            {section.items && (
              <ul className="list-disc space-y-2 ps-6 leading-relaxed text-slate-700 dark:text-slate-300">
                {section.items.map((item) => (
                  <li key={item}>{t(item)}</li>
                ))}
              </ul>
            )}
            {section.extra}
          </section>
        ))}
      </div>
      <p className="mt-12 border-t border-slate-200 pt-6 text-slate-700 dark:border-slate-800 dark:text-slate-300">
        <Trans
          i18nKey="legal.contact"
          values={{ email: CONTACT_EMAIL }}
          components={{
            mail: (
              <a
                href={`mailto:${CONTACT_EMAIL}`}
                dir="ltr"
                className="font-semibold text-blue-700 underline dark:text-blue-400"
              />
            ),
          }}
        />
      </p>
    </article>
  );
}
