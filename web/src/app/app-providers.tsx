import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

interface AppProvidersProps {
  store: AppStore;
  i18n: i18n;
  children: ReactNode;
}

/** Everything a screen needs around it except the router, shared by main.tsx and the tests. */
export function AppProviders({ store, i18n, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </Provider>
  );
}
