import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

type Lifetime = { days: number } | { minutes: number } | 'year' | 'untilCleared';

/**
 * Every cookie and local-storage key the site sets, with why and for how long: the session and visitor cookies and
 * Google's state cookie are the auth service's, preferredLang and the local-storage keys the app's.
 */
const CLIENT_STORAGE: Array<{ name: string; kind: 'cookie' | 'local'; purpose: ParseKeys; lifetime: Lifetime }> = [
  { name: 'pixtract.sid', kind: 'cookie', purpose: 'legal.privacy.sid', lifetime: { days: 30 } },
  { name: 'pixtract.visitor', kind: 'cookie', purpose: 'legal.privacy.visitor', lifetime: 'year' },
  { name: 'pixtract.oidc', kind: 'cookie', purpose: 'legal.privacy.oidc', lifetime: { minutes: 10 } },
  { name: 'preferredLang', kind: 'cookie', purpose: 'legal.privacy.preferredLang', lifetime: 'year' },
  { name: 'darkMode', kind: 'local', purpose: 'legal.privacy.darkMode', lifetime: 'untilCleared' },
  { name: 'cookieConsent', kind: 'local', purpose: 'legal.privacy.cookieConsent', lifetime: 'untilCleared' },
  {
    name: 'newsletterDismissed',
    kind: 'local',
    purpose: 'legal.privacy.newsletterDismissed',
    lifetime: 'untilCleared',
  },
  { name: 'donationDismissed', kind: 'local', purpose: 'legal.privacy.donationDismissed', lifetime: 'untilCleared' },
  { name: 'visited', kind: 'local', purpose: 'legal.privacy.visited', lifetime: 'untilCleared' },
];

export function ClientStorageTable() {
  const { t } = useTranslation();
  const lifetime = (kept: Lifetime) =>
    kept === 'year'
      ? t('legal.privacy.year')
      : kept === 'untilCleared'
        ? t('legal.privacy.untilCleared')
        : 'days' in kept
          ? t('legal.privacy.days', { count: kept.days })
          : t('legal.privacy.minutes', { count: kept.minutes });

  // On a phone each row stacks (name, kind, purpose, how long): four columns do not fit its width.
  return (
    <div className="rounded-xl border border-slate-200 dark:border-slate-800">
      <table className="w-full text-start text-sm max-sm:block">
        <thead className="bg-slate-100 max-sm:hidden dark:bg-slate-900">
          <tr>
            {(
              [
                'legal.privacy.storageName',
                'legal.privacy.storageKind',
                'legal.privacy.storagePurpose',
                'legal.privacy.storageLifetime',
              ] as const
            ).map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 text-start font-semibold">
                {t(heading)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-sm:block dark:divide-slate-800">
          {CLIENT_STORAGE.map((entry) => (
            <tr key={entry.name} className="max-sm:block max-sm:space-y-1 max-sm:px-3 max-sm:py-3">
              <th scope="row" className="px-3 py-2 text-start font-normal max-sm:block max-sm:p-0">
                <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 dark:bg-slate-800">
                  {entry.name}
                </code>
              </th>
              <td className="px-3 py-2 whitespace-nowrap max-sm:block max-sm:p-0 max-sm:text-xs max-sm:text-slate-500 max-sm:dark:text-slate-400">
                {t(entry.kind === 'cookie' ? 'legal.privacy.kindCookie' : 'legal.privacy.kindLocal')}
              </td>
              <td className="px-3 py-2 max-sm:block max-sm:p-0">{t(entry.purpose)}</td>
              <td className="px-3 py-2 whitespace-nowrap max-sm:block max-sm:p-0 max-sm:text-xs max-sm:text-slate-500 max-sm:dark:text-slate-400">
                {lifetime(entry.lifetime)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
