import type { AuthUser, CurrentSubscription } from '@pixtract/contracts';
import { Dialog } from 'radix-ui';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../ui/button.component';
import { Modal } from '../../ui/modal.component';
import { noticeShown } from '../notice/notice.slice';
import { billingFailure } from './billing-failure';
import { useCancelSubscriptionMutation } from './billing.api';
import { formatDate, formatPrice } from './plan-price';
import { useAccountSync } from './use-account-sync.hook';
import { formatNumber } from '../../i18n/number-format';

const STATUS_TONES: Record<CurrentSubscription['status'], string> = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  cancelled: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-200',
  suspended: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
  expired: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  pending: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/**
 * 'Your Current Subscription': plan and price, status, the next billing date (or how long premium lasts after a
 * cancel), a downgrade waiting for the cycle's end, and Cancel Subscription behind a confirmation.
 */
export function CurrentSubscriptionCard({
  subscription,
  manage = true,
}: {
  subscription: CurrentSubscription;
  manage?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [cancel, cancelling] = useCancelSubscriptionMutation();
  const [confirming, setConfirming] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const stillPremiumCancelled = useCallback((user: AuthUser) => user.membershipStatus === 'cancelled', []);
  useAccountSync(cancelled ? stillPremiumCancelled : null);
  const { plan } = subscription;
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : '—');

  const confirmCancel = () => {
    setConfirming(false);
    cancel({ subscriptionId: subscription.paypalSubscriptionId })
      .unwrap()
      .then(() => {
        setCancelled(true);
        dispatch(
          noticeShown({
            title: 'billing.subscriptionCancelled',
            description: 'billing.subscriptionCancelledText',
            tone: 'success',
          }),
        );
      })
      .catch((error: unknown) =>
        dispatch(
          noticeShown({
            title: 'billing.cancellationError',
            ...billingFailure(apiErrorBody(error)?.code, 'CANCELLATION_ERROR'),
          }),
        ),
      );
  };

  const rows: Array<[string, string]> = [
    [
      t('billing.summaryPrice'),
      `${formatPrice(plan.price, plan.currency, i18n.language)}${plan.interval === 'year' ? t('billing.perYear') : t('pricing.perMonth')}`,
    ],
    [t('billing.summaryDaily'), t('billing.featureDailyImages', { n: plan.dailyLimit })],
    subscription.status === 'active'
      ? [t('billing.nextBilling'), date(subscription.nextBillingDate)]
      : [t('billing.accessUntil'), date(subscription.endDate)],
  ];
  if (subscription.failedPaymentCount > 0)
    rows.push([t('billing.failedPayments'), formatNumber(subscription.failedPaymentCount, i18n.language)]);

  return (
    <div className="space-y-4" data-testid="current-subscription">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-lg font-semibold">
          {plan.name} · {plan.interval === 'year' ? t('billing.annual') : t('billing.monthly')}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[subscription.status]}`}>
          {t(`billing.status_${subscription.status}`)}
        </span>
      </div>
      <dl className="space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-medium">
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {subscription.pendingPlan && subscription.pendingPlanFrom && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('billing.pendingChange', {
            plan: subscription.pendingPlan.name,
            date: date(subscription.pendingPlanFrom),
          })}
        </p>
      )}
      {subscription.status === 'cancelled' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('billing.cancelledNote', { date: date(subscription.endDate) })}
        </p>
      )}
      {subscription.status === 'suspended' && (
        <p className="text-sm text-red-700 dark:text-red-300">{t('billing.suspendedNote')}</p>
      )}
      {manage && subscription.status === 'active' && (
        <Button
          variant="secondary"
          disabled={cancelling.isLoading}
          aria-busy={cancelling.isLoading}
          onClick={() => setConfirming(true)}
        >
          {cancelling.isLoading ? t('billing.cancelling') : t('billing.cancelSubscription')}
        </Button>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} className="inset-x-3 top-[20vh] max-w-md p-6">
        <Dialog.Title className="text-xl font-bold">{t('billing.confirmCancelTitle')}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {t('billing.confirmCancelText', { date: date(subscription.nextBillingDate) })}
        </Dialog.Description>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('billing.keepSubscription')}
          </Button>
          <Button onClick={confirmCancel}>{t('billing.confirmCancel')}</Button>
        </div>
      </Modal>
    </div>
  );
}
