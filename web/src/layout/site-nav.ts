import type { ParseKeys } from 'i18next';
import { paths } from '../router/paths';

/** The header's links in the seed's order; Home scrolls to the top. */
export const SITE_NAV: Array<{ label: ParseKeys; to: string }> = [
  { label: 'nav.home', to: paths.home },
  { label: 'nav.howItWorks', to: paths.section('how-it-works') },
  { label: 'nav.features', to: paths.section('features') },
  { label: 'nav.donation', to: paths.section('support') },
  { label: 'nav.pricing', to: paths.pricing },
];
