import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../app/hooks';
import { noticeShown } from '../features/notice/notice.slice';
import { switchLanguage } from '../i18n/i18n';
import { localisedPath, storePreferredLanguage, unprefixedPath } from '../i18n/language-detection';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, type Language } from '../i18n/languages';
import { useLanguage } from '../router/use-language.hook';
import { MenuRadioItem } from '../ui/menu-radio-item.component';

/** The seed's language toast lasts 2 s. */
const LANGUAGE_NOTICE_MS = 2000;

/** Lists the nine languages by their own names; choosing one opens the same page under its prefix. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const choose = async (next: Language) => {
    storePreferredLanguage(next);
    if (next === language) return;
    dispatch(
      noticeShown({
        title: 'language.changing',
        description: 'language.switching',
        values: { language: LANGUAGE_NAMES[next] },
        duration: LANGUAGE_NOTICE_MS,
      }),
    );
    await switchLanguage(i18n, next);
    await navigate(localisedPath(next, unprefixedPath(location.pathname)) + location.search + location.hash);
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('language.choose')}
        className="inline-flex h-10 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <svg aria-hidden viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-4">
          <circle cx="10" cy="10" r="7.5" />
          <path d="M2.5 10h15M10 2.5c2.2 2.3 2.2 12.7 0 15M10 2.5c-2.2 2.3-2.2 12.7 0 15" />
        </svg>
        <span lang={LANGUAGE_TAGS[language]}>{LANGUAGE_NAMES[language]}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.RadioGroup value={language} onValueChange={(value) => void choose(value as Language)}>
            {LANGUAGES.map((code) => (
              <MenuRadioItem key={code} value={code} lang={LANGUAGE_TAGS[code]}>
                {LANGUAGE_NAMES[code]}
              </MenuRadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
