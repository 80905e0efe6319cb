import { useState } from 'react';
import { readDownloadSettings, storeDownloadSettings, type DownloadSettings } from './download-settings';

/** The download settings, read from local storage once and written back on every change. */
export function useDownloadSettings(): [DownloadSettings, (change: Partial<DownloadSettings>) => void] {
  const [settings, setSettings] = useState(readDownloadSettings);
  const change = (update: Partial<DownloadSettings>) =>
    setSettings((before) => {
      const next = { ...before, ...update };
      storeDownloadSettings(next);
      return next;
    });
  return [settings, change];
}
