// First: before any module builds a zod schema.
import './app/zod-without-eval';
import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { applyDarkMode, isDarkModeStored } from './app/dark-mode';
import { getSocket } from './app/socket';
import { makeStore } from './app/store';
import { createI18n, switchLanguage } from './i18n/i18n';
import { detectLanguage, languageOfPath, localisedPath } from './i18n/language-detection';
import { DEFAULT_LANGUAGE } from './i18n/languages';
import { appRoutes } from './router/app-routes';
import './styles.css';

applyDarkMode(isDarkModeStored());

// An address without a prefix is English unless the visitor's cookie or browser asks for another language:
// then the same page opens under that language's prefix.
const { pathname, search, hash } = window.location;
const language = detectLanguage(pathname, document.cookie, navigator.languages);
if (!languageOfPath(pathname) && language !== DEFAULT_LANGUAGE) {
  window.history.replaceState(null, '', localisedPath(language, pathname) + search + hash);
}

const i18n = createI18n();
const store = makeStore({ socket: getSocket });
setupListeners(store.dispatch);

// The first paint waits for the visitor's words, so it is already in the right language.
void switchLanguage(i18n, language).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders store={store} i18n={i18n}>
        <RouterProvider router={createBrowserRouter(appRoutes)} />
      </AppProviders>
    </StrictMode>,
  );
});
