/** Hands the tab to a server route (a sign-in provider's start): a full page load, replacing this entry in history. */
export function leaveAppFor(path: string): void {
  window.location.replace(path);
}
