import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from './close-button.component';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Where the panel sits and how big it is; the frame (overlay, border, close button) is the same for all. */
  className: string;
  children: ReactNode;
}

/** A dialog over a dimmed page, closed by ×, Escape or a click outside. */
export function Modal({ open, onClose, className, children }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => next || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70 backdrop-blur-sm" />
        <Dialog.Content
          className={`fixed z-50 mx-auto rounded-2xl border border-slate-200 bg-white shadow-2xl focus:outline-none dark:border-slate-800 dark:bg-slate-900 ${className}`}
        >
          {children}
          <Dialog.Close asChild>
            <CloseButton label={t('dialog.close')} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
