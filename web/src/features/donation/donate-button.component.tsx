import { useState, type ReactNode } from 'react';
import { Button } from '../../ui/button.component';
import { DonationDialog } from './donation-dialog.component';

interface DonateButtonProps {
  children: ReactNode;
  /** The amount the dialog opens with. */
  amount?: string;
  size?: 'md' | 'lg';
  className?: string;
}

/** A button that opens the donation dialog (the footer's Support Us, the donation card's Donate). */
export function DonateButton({ children, amount, size = 'md', className }: DonateButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} className={className} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <DonationDialog open={open} onClose={() => setOpen(false)} initialAmount={amount} />
    </>
  );
}
