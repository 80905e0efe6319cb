import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { buttonStyles } from '../../ui/button.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';

export function NotFoundPage() {
  usePageMeta('notFound');
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  return (
    <div className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-6xl font-extrabold text-blue-600 dark:text-blue-400">404</p>
      <h1 className="mt-4 text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('notFound.hint')}</p>
      <Link to={localised(paths.home)} className={buttonStyles('primary', 'md', 'mt-8')}>
        {t('results.backToHome')}
      </Link>
    </div>
  );
}
