import { planIdOf, type AuthUser } from '@pixtract/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiErrorBody } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { useAuthStatus } from '../../features/auth/auth.api';
import { billingFailure } from '../../features/billing/billing-failure';
import { useConfirmSubscriptionMutation, useGetPlansQuery } from '../../features/billing/billing.api';
import { PlanSummary } from '../../features/billing/plan-summary.component';
import { TestPaymentsBadge } from '../../features/billing/test-payments-badge.component';
import { useAccountSync } from '../../features/billing/use-account-sync.hook';
import { useSubscribe } from '../../features/billing/use-subscribe.hook';
import { noticeShown } from '../../features/notice/notice.slice';
import { PageFallback } from '../../layout/page-fallback.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Button, buttonStyles } from '../../ui/button.component';
import { Card } from '../../ui/card.component';
import { Spinner } from '../../ui/spinner.component';

/**
 * /payment?plan=: the plan's summary and the step to PayPal. PayPal sends the buyer back here: with
 * `subscription_id` after Approve (the subscription is confirmed with billing), with `cancelled=1` after Cancel.
 */
export function PaymentPage() {
  usePageMeta('payment');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const plans = useGetPlansQuery();
  const planId = planIdOf(params.get('plan') ?? '');
  const plan = plans.data?.find((candidate) => candidate.planId === planId);

  if (plans.isLoading) return <PageFallback />;
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">{t('billing.paymentTitle')}</h1>
      <div className="mt-3">
        <TestPaymentsBadge />
      </div>
      <Card className="mt-8 p-6">
        {plan ? <Checkout planId={plan.planId} /> : <UnknownPlan failed={plans.isError} />}
      </Card>
    </div>
  );
}

function UnknownPlan({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  return (
    <div>
      <p>{failed ? t('billing.plansFailed') : t('billing.unknownPlan')}</p>
      <Link to={localised(paths.pricing)} className={buttonStyles('primary', 'md', 'mt-4')}>
        {t('billing.seePlans')}
      </Link>
    </div>
  );
}

type Outcome = 'idle' | 'confirming' | 'subscribed';

function Checkout({ planId }: { planId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const localised = useLocalisedPath();
  const [params] = useSearchParams();
  const status = useAuthStatus();
  const plans = useGetPlansQuery();
  const plan = plans.data!.find((candidate) => candidate.planId === planId)!;
  const { subscribe, processing } = useSubscribe();
  const [confirm] = useConfirmSubscriptionMutation();
  const [outcome, setOutcome] = useState<Outcome>(
    params.get('subscription_id') && !params.get('cancelled') ? 'confirming' : 'idle',
  );
  const handled = useRef<string | null>(null);
  const subscribed = useCallback(
    (user: AuthUser) => user.role === 'premium' && user.membershipPlan === planId,
    [planId],
  );
  useAccountSync(outcome === 'subscribed' ? subscribed : null);

  // Back from PayPal: confirm an approval once, tell a cancel once, then drop PayPal's parameters from the address.
  useEffect(() => {
    const subscriptionId = params.get('subscription_id');
    const key = `${subscriptionId}|${params.get('cancelled')}`;
    if (!subscriptionId || handled.current === key) return;
    handled.current = key;
    const clean = () => void navigate(localised(paths.payment(planId)), { replace: true });
    if (params.get('cancelled')) {
      dispatch(
        noticeShown({
          title: 'billing.paymentCancelled',
          description: 'billing.paymentCancelledText',
          tone: 'warning',
        }),
      );
      clean();
      return;
    }
    confirm({ subscriptionId })
      .unwrap()
      .then(() => {
        setOutcome('subscribed');
        dispatch(
          noticeShown({
            title: 'billing.subscriptionSuccessful',
            description: 'billing.subscriptionSuccessfulText',
            tone: 'success',
          }),
        );
      })
      .catch((error: unknown) => {
        setOutcome('idle');
        dispatch(
          noticeShown({
            title: 'billing.subscriptionError',
            ...billingFailure(apiErrorBody(error)?.code, 'SUBSCRIPTION_ERROR'),
          }),
        );
      })
      .finally(clean);
  }, [params, planId, confirm, dispatch, navigate, localised]);

  if (outcome === 'confirming') return <Spinner label={t('billing.confirming')} />;
  if (outcome === 'subscribed')
    return (
      <div className="space-y-4" data-testid="subscribed">
        <h2 className="text-xl font-semibold">{t('billing.subscriptionSuccessful')}</h2>
        <p className="text-slate-600 dark:text-slate-300">{t('billing.subscriptionSuccessfulText')}</p>
        <PlanSummary plan={plan} />
        <div className="flex flex-wrap gap-2">
          <Link to={localised(paths.subscription)} className={buttonStyles('primary', 'md')}>
            {t('billing.manageSubscription')}
          </Link>
          <Link to={localised(paths.home)} className={buttonStyles('secondary', 'md')}>
            {t('member.newExtraction')}
          </Link>
        </div>
      </div>
    );

  const user = status.data?.user;
  const current = user?.role === 'premium' && user.membershipPlan === planId;
  return (
    <div className="space-y-5">
      <h2 className="text-xl font-semibold">{t('billing.summaryTitle')}</h2>
      <PlanSummary plan={plan} />
      {!status.data?.isAuthenticated ? (
        <div className="space-y-3">
          <p className="font-semibold">{t('billing.authRequired')}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('errors.SUBSCRIPTION_AUTH_REQUIRED')}</p>
          <Link to={localised(paths.auth)} className={buttonStyles('primary', 'lg', 'w-full')}>
            {t('header.login')}
          </Link>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('billing.redirectNote')}</p>
          <Button
            size="lg"
            className="w-full"
            disabled={current || processing !== null}
            aria-busy={processing !== null}
            onClick={() => subscribe(plan)}
          >
            {current ? t('billing.currentPlan') : processing ? t('billing.processing') : t('billing.continueToPayPal')}
          </Button>
        </div>
      )}
    </div>
  );
}
