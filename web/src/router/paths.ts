import { createSearchParams } from 'react-router';

/**
 * Every in-app address, unprefixed; `useLocalisedPath` puts the visitor's language prefix in front.
 * Sections of the home page are addressed by their anchors.
 */
export const paths = {
  home: '/',
  /** A results page; with the extraction's id it opens that stored extraction (reload and Back charge nothing). */
  results: (url: string, extractionId?: string) =>
    `/results?${createSearchParams(extractionId ? { url, id: extractionId } : { url })}`,
  /** A crawl's page: live while it runs, its results after. */
  crawl: (crawlId: string) => `/crawls/${encodeURIComponent(crawlId)}`,
  auth: '/auth',
  register: '/auth?mode=register',
  member: '/member',
  pricing: '/pricing',
  payment: (plan: string) => `/payment?${createSearchParams({ plan })}`,
  subscription: '/subscription',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  terms: '/terms',
  privacy: '/privacy',
  admin: '/admin',
  section: (id: HomeSection) => `/#${id}`,
};

/** Server routes the browser opens directly (not the SPA's). */
export const serverPaths = {
  googleSignIn: '/api/auth/google',
  sitemap: '/sitemap.xml',
  /** The queue dashboard (Bull Board), served by the gateway to administrators. */
  queueDashboard: '/admin/queues',
};

type HomeSection =
  'how-it-works' | 'features' | 'try-it' | 'testimonials' | 'pricing' | 'newsletter' | 'support' | 'contact';
