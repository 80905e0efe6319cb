import { Dialog } from 'radix-ui';
import { useLayoutEffect, useRef, type KeyboardEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from './close-button.component';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Where the panel sits and how big it is; the frame (overlay, border, close button) is the same for all. */
  className: string;
  /** Keys the dialog itself answers (the preview's arrows). */
  onKeyDown?: KeyboardEventHandler;
  /** Where focus goes on opening: the first control (Radix's default), or the dialog itself, whose keys then work. */
  openFocus?: 'first-control' | 'dialog';
  children: ReactNode;
}

/**
 * A dialog over a dimmed page, closed by ×, Escape or a click outside. Closing puts focus back on the control that
 * was focused when it opened: it is opened by state, not by a Radix trigger, so Radix has none to go back to.
 */
export function Modal({ open, onClose, className, onKeyDown, openFocus = 'first-control', children }: ModalProps) {
  const { t } = useTranslation();
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  // A layout effect runs before Radix moves focus into the dialog (its own effect): the opener still has it.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  const returnFocus = (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => next || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70 backdrop-blur-sm" />
        <Dialog.Content
          ref={content}
          onOpenAutoFocus={(event) => {
            if (openFocus === 'first-control') return;
            event.preventDefault();
            content.current?.focus();
          }}
          onCloseAutoFocus={returnFocus}
          onKeyDown={onKeyDown}
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
