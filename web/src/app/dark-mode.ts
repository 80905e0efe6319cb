import { readPreference, storePreference } from './preferences';

/** Dark mode is on at a first visit; afterwards the stored choice wins. */
export const isDarkModeStored = (): boolean => readPreference('darkMode') ?? true;

export function applyDarkMode(on: boolean): void {
  document.documentElement.classList.toggle('dark', on);
}

export function setDarkMode(on: boolean): void {
  storePreference('darkMode', on);
  applyDarkMode(on);
}
