import { createSearchParams } from 'react-router';

/**
 * Every in-app address, unprefixed; `useLocalisedPath` puts the visitor's language prefix in front.
 * Sections of the home page are addressed by their anchors.
 */
export const paths = {
  home: '/',
  results: (url: string) => `/results?${createSearchParams({ url })}`,
  auth: '/auth',
  register: '/auth?mode=register',
  member: '/member',
  pricing: '/pricing',
  payment: (plan: string) => `/payment?${createSearchParams({ plan })}`,
  subscription: '/subscription',
  blog: '/blog',
  terms: '/terms',
  privacy: '/privacy',
  section: (id: HomeSection) => `/#${id}`,
};

/** Server routes the browser opens directly (not the SPA's). */
export const serverPaths = {
  googleSignIn: '/api/auth/google',
  sitemap: '/sitemap.xml',
};

type HomeSection = 'how-it-works' | 'features' | 'try-it' | 'testimonials' | 'pricing' | 'newsletter' | 'support' | 'contact';
