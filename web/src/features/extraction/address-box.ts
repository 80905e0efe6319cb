/** The hero's address box: one per page (the home page), so other parts of the page can send the visitor to it. */
export const ADDRESS_BOX_ID = 'address';

/** Brings the address box into view and puts the cursor in it. */
export function focusAddressBox(): void {
  const box = document.getElementById(ADDRESS_BOX_ID);
  if (!(box instanceof HTMLInputElement)) return;
  box.scrollIntoView({ behavior: 'smooth', block: 'center' });
  box.focus({ preventScroll: true });
}
