/** The hero's address box: one per page (the home page), so other parts of the page can send the visitor to it. */
export const ADDRESS_BOX_ID = 'address';

/** Brings the address box into view and puts the cursor in it. */
export function focusAddressBox(): void {
  const box = document.getElementById(ADDRESS_BOX_ID);
  if (!(box instanceof HTMLInputElement)) return;
  box.scrollIntoView({ behavior: 'smooth', block: 'center' });
  box.focus({ preventScroll: true });
}

/** How a results page knows it was opened from the address box: its wait is then the full-screen overlay. */
export const FROM_ADDRESS_BOX = { fromAddressBox: true } as const;

export const isFromAddressBox = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { fromAddressBox?: unknown }).fromAddressBox === true;
