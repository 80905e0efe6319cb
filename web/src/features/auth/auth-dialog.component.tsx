import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.component';
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
    <Modal
      open={mode !== null}
      onClose={onClose}
      className="inset-x-3 top-[6vh] max-h-[88vh] max-w-md overflow-y-auto p-6"
    >
      <Dialog.Title className="mb-1 text-xl font-bold">
        {mode === 'register' ? t('auth.registerTitle') : t('auth.loginTitle')}
      </Dialog.Title>
      <Dialog.Description className="mb-5 text-sm text-slate-600 dark:text-slate-400">
        {t('auth.modalText')}
      </Dialog.Description>
      {mode && <AuthPanel mode={mode} variant="modal" onModeChange={onModeChange} onLoggedIn={onClose} />}
    </Modal>
  );
}
