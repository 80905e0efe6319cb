/** The seed's local-storage keys: each holds 'true' or 'false'. */
type PreferenceKey = 'darkMode' | 'cookieConsent' | 'newsletterDismissed' | 'donationDismissed' | 'visited';

/** The stored choice, or undefined when the visitor never made one (or storage is unavailable). */
export function readPreference(key: PreferenceKey): boolean | undefined {
  try {
    const value = localStorage.getItem(key);
    return value === null ? undefined : value === 'true';
  } catch {
    return undefined;
  }
}

/** The spec's `visited` key: written on a browser's first visit (the privacy page lists it). */
export function markVisited(): void {
  if (readPreference('visited') === undefined) storePreference('visited', true);
}

export function storePreference(key: PreferenceKey, value: boolean): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}
