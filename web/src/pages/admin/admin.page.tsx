import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAuthStatus } from '../../features/auth/auth.api';
import { PendingComments } from '../../features/moderation/pending-comments.component';
import { PageFallback } from '../../layout/page-fallback.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';
import { paths, serverPaths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Alert } from '../../ui/alert.component';
import { buttonStyles } from '../../ui/button.component';
import { Card } from '../../ui/card.component';

/**
 * /admin — for administrators (ADMIN_USERNAMES): the comments awaiting approval and the queue dashboard's link.
 * Visitors go to /auth; anyone else signed in is told plainly, and nothing of the moderation is asked for.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const status = useAuthStatus();
  usePageMeta('admin');

  if (status.isLoading) return <PageFallback />;
  if (!status.data?.isAuthenticated) return <Navigate to={localised(paths.auth)} replace />;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{t('admin.title')}</h1>
        {status.data.user?.role === 'admin' && <p className="text-slate-600 dark:text-slate-300">{t('admin.intro')}</p>}
      </header>
      {status.data.user?.role === 'admin' ? (
        <>
          <Card className="flex flex-wrap items-center justify-between gap-4 p-6">
            <div>
              <h2 className="text-lg font-semibold">{t('admin.queuesTitle')}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('admin.queuesText')}</p>
            </div>
            {/* A server page, not one of the app's: a plain link. */}
            <a href={serverPaths.queueDashboard} className={buttonStyles('secondary', 'md')}>
              {t('admin.queuesLink')}
            </a>
          </Card>
          <section aria-labelledby="pending-title" className="space-y-4">
            <h2 id="pending-title" className="text-xl font-semibold">
              {t('admin.pendingTitle')}
            </h2>
            <PendingComments />
          </section>
        </>
      ) : (
        <Alert tone="error" title={t('admin.forbiddenTitle')}>
          {t('admin.forbiddenText')}
        </Alert>
      )}
    </div>
  );
}
