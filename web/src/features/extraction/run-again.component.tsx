import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS } from '../../i18n/languages';
import { useLanguage } from '../../router/use-language.hook';
import { Button } from '../../ui/button.component';
import { useRunAgain } from './use-extraction.hook';

/** How long ago, in the reader's language ("5 minutes ago"), by the largest unit that fits. */
function ago(iso: string, languageTag: string): string {
  const seconds = Math.round((Date.parse(iso) - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(languageTag, { numeric: 'auto' });
  for (const [unit, size] of [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ] as const) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/**
 * Says when this stored result was made and offers a fresh one: asking for the same page again within minutes
 * opens the stored result, so a new extraction (charged anew) is the visitor's own choice.
 */
export function RunAgain({ url, extractedAt }: { url: string; extractedAt?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { runAgain, running } = useRunAgain();
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 text-sm text-slate-600 dark:text-slate-300">
      {extractedAt && <span>{t('results.extractedAgo', { when: ago(extractedAt, LANGUAGE_TAGS[language]) })}</span>}
      <Button variant="secondary" onClick={() => void runAgain(url)} disabled={running}>
        {running ? t('hero.processing') : t('results.runAgain')}
      </Button>
    </div>
  );
}
