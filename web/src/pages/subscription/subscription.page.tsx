import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAuthStatus } from '../../features/auth/auth.api';
import { useGetUserSubscriptionQuery } from '../../features/billing/billing.api';
import { CurrentSubscriptionCard } from '../../features/billing/current-subscription.component';
import { PlanGrid } from '../../features/billing/plan-grid.component';
import { TestPaymentsBadge } from '../../features/billing/test-payments-badge.component';
import { PageFallback } from '../../layout/page-fallback.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Button } from '../../ui/button.component';
import { Card } from '../../ui/card.component';

/** /subscription: the member's current subscription (with Cancel), then 'Choose Your Plan' to subscribe or change. */
export function SubscriptionPage() {
  usePageMeta('subscription');
  const status = useAuthStatus();
  const localised = useLocalisedPath();
  if (status.isLoading) return <PageFallback />;
  if (!status.data?.isAuthenticated) return <Navigate to={localised(paths.auth)} replace />;
  return <Subscription />;
}

function Subscription() {
  const { t } = useTranslation();
  const current = useGetUserSubscriptionQuery();
  if (current.isLoading) return <PageFallback />;
  const subscription = current.data?.subscription;
  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t('billing.subscriptionTitle')}</h1>
        <TestPaymentsBadge />
      </div>
      {current.isError ? (
        <Card className="p-6">
          <p>{t('billing.subscriptionFailed')}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void current.refetch()}>
            {t('billing.retry')}
          </Button>
        </Card>
      ) : (
        subscription && (
          <section aria-labelledby="current-subscription">
            <h2 id="current-subscription" className="mb-4 text-xl font-semibold">
              {t('billing.yourSubscription')}
            </h2>
            <Card className="p-6">
              <CurrentSubscriptionCard subscription={subscription} />
            </Card>
          </section>
        )
      )}
      <section aria-labelledby="choose-plan">
        <h2 id="choose-plan" className="mb-8 text-center text-2xl font-bold">
          {t('billing.choosePlan')}
        </h2>
        <PlanGrid />
      </section>
    </div>
  );
}
