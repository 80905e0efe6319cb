import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { AuthMode } from './auth-form.component';
import { AuthPanel } from './auth-panel.component';

interface AuthDialogProps {
  mode: AuthMode | null;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
}

/** The modal variant: sign in or up without leaving the page (the header's Login and Sign Up open it). */
export function AuthDialog({ mode, onModeChange, onClose }: AuthDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={mode !== null} onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-3 top-[6vh] z-50 mx-auto max-h-[88vh] max-w-md overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl focus:outline-none dark:border-slate-800 dark:bg-slate-900">
          <Dialog.Title className="mb-1 text-xl font-bold">{mode === 'register' ? t('auth.registerTitle') : t('auth.loginTitle')}</Dialog.Title>
          <Dialog.Description className="mb-5 text-sm text-slate-600 dark:text-slate-400">{t('auth.modalText')}</Dialog.Description>
          {mode && <AuthPanel mode={mode} variant="modal" onModeChange={onModeChange} onLoggedIn={onClose} />}
          <Dialog.Close aria-label={t('dialog.close')} className="absolute end-3 top-3 rounded-lg px-2.5 py-1 text-lg text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
