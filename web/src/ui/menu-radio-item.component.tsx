import { DropdownMenu } from 'radix-ui';
import type { ComponentPropsWithoutRef } from 'react';

/** A choice in a dropdown's radio group (sort order, language), ticked when it is the current one. */
export function MenuRadioItem({ children, ...props }: ComponentPropsWithoutRef<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem
      {...props}
      className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 outline-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold dark:data-[highlighted]:bg-slate-800"
    >
      {children}
      <DropdownMenu.ItemIndicator aria-hidden>✓</DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}
