import 'i18next';
import type { resources } from './i18n';

// Typed keys: `t('hero.taglin')` fails the type check instead of rendering the key.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}
