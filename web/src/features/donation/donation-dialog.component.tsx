import { DEFAULT_DONATION, DONATION_PRESETS } from '@pixtract/contracts';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../ui/button.component';
import { Modal } from '../../ui/modal.component';
import { Spinner } from '../../ui/spinner.component';
import { useGetPaymentsConfigQuery } from '../billing/billing.api';
import { TestPaymentsBadge } from '../billing/test-payments-badge.component';
import { noticeShown, type Notice } from '../notice/notice.slice';
import { amountInput, donationAmount } from './donation-amount';
import { useCaptureDonationMutation, useCreateDonationMutation } from './donation.api';

/** The seed: an approved donation closes the dialog after 1 s. */
const CLOSE_AFTER_THANKS_MS = 1000;

/**
 * Tells the visitor in the toast (the seed's) and inside the dialog too: while the modal is open, the page behind it,
 * toast area included, is hidden from assistive technology.
 */
function useDialogNotice(): [Notice | null, (notice: Notice) => void] {
  const dispatch = useAppDispatch();
  const [shown, setShown] = useState<Notice | null>(null);
  return [
    shown,
    (notice) => {
      setShown(notice);
      dispatch(noticeShown(notice));
    },
  ];
}

function DialogNotice({ notice }: { notice: Notice | null }) {
  const { t } = useTranslation();
  if (!notice) return null;
  const error = notice.tone === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-sm ${error ? 'border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200' : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200'}`}
    >
      <p className="font-semibold">{t(notice.title, notice.values)}</p>
      {notice.description && <p className="mt-1">{t(notice.description, notice.values)}</p>}
    </div>
  );
}

interface DonationDialogProps {
  open: boolean;
  onClose: () => void;
  /** The amount the dialog opens with (the donation card's $10.00, else the seed's default $5.00). */
  initialAmount?: string;
}

/** Donate: choose an amount (presets or your own), then pay with PayPal's button; 'Thank you!' and it closes. */
export function DonationDialog({ open, onClose, initialAmount = DEFAULT_DONATION }: DonationDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} className="inset-x-3 top-[8vh] max-h-[86vh] max-w-md overflow-y-auto p-6">
      <Dialog.Title className="text-xl font-bold">{t('donation.title')}</Dialog.Title>
      <Dialog.Description className="mt-1 mb-5 text-sm text-slate-600 dark:text-slate-400">
        {t('donation.intro')}
      </Dialog.Description>
      {open && <DonationSteps initialAmount={initialAmount} onDone={onClose} />}
    </Modal>
  );
}

function DonationSteps({ initialAmount, onDone }: { initialAmount: string; onDone: () => void }) {
  const [amount, setAmount] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(onDone, CLOSE_AFTER_THANKS_MS);
    return () => clearTimeout(timer);
  }, [thanked, onDone]);

  if (thanked) return <Thanks amount={amount!} />;
  if (amount === null) return <AmountStep initialAmount={initialAmount} onContinue={setAmount} />;
  return <PayPalStep amount={amount} onBack={() => setAmount(null)} onApproved={() => setThanked(true)} />;
}

function AmountStep({ initialAmount, onContinue }: { initialAmount: string; onContinue: (amount: string) => void }) {
  const { t } = useTranslation();
  const [notice, notify] = useDialogNotice();
  const [text, setText] = useState(initialAmount);
  const inputId = useId();

  const next = () => {
    const amount = donationAmount(text);
    if (amount === null)
      return notify({ title: 'donation.invalidAmount', description: 'errors.INVALID_AMOUNT', tone: 'error' });
    onContinue(amount);
  };

  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t('donation.presets')}</legend>
        <div className="grid grid-cols-4 gap-2">
          {DONATION_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              aria-pressed={donationAmount(text) === preset}
              onClick={() => setText(preset)}
              className="h-11 rounded-xl border border-slate-300 text-sm font-semibold aria-pressed:border-blue-600 aria-pressed:bg-blue-50 aria-pressed:text-blue-800 dark:border-slate-700 dark:aria-pressed:bg-blue-950/60 dark:aria-pressed:text-blue-200"
            >
              <bdi>${preset}</bdi>
            </button>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-semibold">
          {t('donation.amountLabel')}
        </label>
        <div
          dir="ltr"
          className="flex items-center rounded-xl border border-slate-300 bg-white px-3 focus-within:ring-2 focus-within:ring-blue-500 dark:border-slate-700 dark:bg-slate-950"
        >
          <span aria-hidden className="text-slate-600 dark:text-slate-400">
            $
          </span>
          <input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(amountInput(event.target.value))}
            className="h-11 w-full bg-transparent px-2 outline-none"
          />
          <span className="text-sm text-slate-600 dark:text-slate-400">USD</span>
        </div>
      </div>
      <DialogNotice notice={notice} />
      <Button type="submit" size="lg" className="w-full">
        {t('donation.continue')}
      </Button>
    </form>
  );
}

function PayPalStep({ amount, onBack, onApproved }: { amount: string; onBack: () => void; onApproved: () => void }) {
  const { t } = useTranslation();
  const config = useGetPaymentsConfigQuery();
  if (config.isLoading) return <Spinner label={t('donation.loadingPaypal')} />;
  const clientId = config.data?.clientId;
  return (
    <div className="space-y-4">
      <p className="text-lg font-semibold">{t('donation.summary', { amount })}</p>
      <TestPaymentsBadge />
      {clientId ? (
        <PayPalScriptProvider
          options={{ clientId, currency: 'USD', intent: 'capture', sdkBaseUrl: config.data!.sdkUrl }}
        >
          <DonationButtons amount={amount} onApproved={onApproved} />
        </PayPalScriptProvider>
      ) : (
        <PayPalFailed />
      )}
      <Button variant="ghost" onClick={onBack}>
        {t('donation.back')}
      </Button>
    </div>
  );
}

function DonationButtons({ amount, onApproved }: { amount: string; onApproved: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [notice, notify] = useDialogNotice();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [createDonation] = useCreateDonationMutation();
  const [captureDonation] = useCaptureDonationMutation();
  const failed = () => notify({ title: 'billing.paymentError', description: 'errors.PAYMENT_ERROR', tone: 'error' });

  if (isRejected) return <PayPalFailed />;
  return (
    <div>
      {isPending && <Spinner label={t('donation.loadingPaypal')} />}
      <PayPalButtons
        style={{ layout: 'vertical', label: 'donate' }}
        createOrder={async () => {
          try {
            return (await createDonation({ amount }).unwrap()).orderId;
          } catch (error) {
            const code = apiErrorBody(error)?.code;
            if (code === 'INVALID_AMOUNT')
              notify({ title: 'donation.invalidAmount', description: 'errors.INVALID_AMOUNT', tone: 'error' });
            else failed();
            throw error;
          }
        }}
        onApprove={async ({ orderID }) => {
          try {
            await captureDonation(orderID).unwrap();
          } catch {
            failed();
            return;
          }
          dispatch(
            noticeShown({
              title: 'donation.thankYou',
              description: 'donation.thankYouText',
              values: { amount },
              tone: 'success',
            }),
          );
          onApproved();
        }}
        onCancel={() =>
          notify({ title: 'billing.paymentCancelled', description: 'billing.paymentCancelledText', tone: 'warning' })
        }
        onError={failed}
      />
      <div className="mt-3">
        <DialogNotice notice={notice} />
      </div>
    </div>
  );
}

function PayPalFailed() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(noticeShown({ title: 'billing.paypalFailed', description: 'billing.paypalFailedText', tone: 'error' }));
  }, [dispatch]);
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      {t('billing.paypalFailed')}
    </p>
  );
}

function Thanks({ amount }: { amount: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="py-6 text-center">
      <p className="text-2xl font-bold">{t('donation.thankYou')}</p>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('donation.thankYouText', { amount })}</p>
    </div>
  );
}
