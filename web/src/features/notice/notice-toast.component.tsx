import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { noticeDismissed, selectNotice, type NoticeTone } from './notice.slice';

/** The seed's toast default. */
const NOTICE_DURATION_MS = 5000;

const tones: Record<NoticeTone, string> = {
  info: 'border-slate-200 dark:border-slate-700',
  success: 'border-emerald-400 dark:border-emerald-700',
  warning: 'border-amber-400 dark:border-amber-700',
  error: 'border-red-400 dark:border-red-700',
};

/**
 * The current notice as a toast: one at a time, 5 s unless it says otherwise, swipe right (50 px) to dismiss,
 * F8 focuses the toast area (Radix's viewport hotkey).
 */
export function NoticeToast() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectNotice);
  const rtl = i18n.dir() === 'rtl';

  return (
    <Toast.Provider duration={NOTICE_DURATION_MS} swipeDirection={rtl ? 'left' : 'right'} swipeThreshold={50}>
      {notice && (
        <Toast.Root
          key={notice.id}
          duration={notice.duration}
          onOpenChange={(open) => open || dispatch(noticeDismissed(notice.id))}
          className={`pointer-events-auto flex w-full items-start justify-between gap-4 rounded-xl border border-s-4 bg-white px-4 py-3 text-sm shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=end]:transition-transform sm:w-96 dark:bg-slate-900 ${tones[notice.tone ?? 'info']}`}
        >
          <div className="min-w-0 space-y-1">
            <Toast.Title className="font-semibold">{t(notice.title, notice.values)}</Toast.Title>
            {(notice.description || notice.text) && (
              <Toast.Description className="text-slate-600 dark:text-slate-300">
                {notice.text ?? t(notice.description!, notice.values)}
              </Toast.Description>
            )}
          </div>
          <Toast.Close className="shrink-0 rounded-md px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white">
            {t('notice.dismiss')}
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport
        label={t('notice.areaLabel')}
        className="fixed inset-x-4 bottom-4 z-[60] flex list-none flex-col items-end outline-none sm:inset-x-auto sm:end-6 sm:bottom-6"
      />
    </Toast.Provider>
  );
}
