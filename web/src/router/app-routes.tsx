import type { RouteObject } from 'react-router';
import { AppLayout } from '../layout/app-layout.component';
import { PageFallback } from '../layout/page-fallback.component';
import { NotFoundPage } from '../pages/not-found/not-found.page';

/**
 * Page routes are relative, so the same list hangs under `/` (English) and under `/:lang`.
 * Each page is its own chunk, loaded when first visited.
 */
const pageRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../pages/home/home.page')).HomePage }) },
  { path: 'results', lazy: async () => ({ Component: (await import('../pages/results/results.page')).ResultsPage }) },
  {
    path: 'crawls/:crawlId',
    lazy: async () => ({ Component: (await import('../pages/crawl/crawl.page')).CrawlPage }),
  },
  { path: 'auth', lazy: async () => ({ Component: (await import('../pages/auth/auth.page')).AuthPage }) },
  {
    path: 'auth/google',
    lazy: async () => ({ Component: (await import('../pages/auth/google-sign-in.page')).GoogleSignInPage }),
  },
  { path: 'member', lazy: async () => ({ Component: (await import('../pages/member/member.page')).MemberPage }) },
  { path: 'pricing', lazy: async () => ({ Component: (await import('../pages/pricing/pricing.page')).PricingPage }) },
  { path: 'blog', lazy: async () => ({ Component: (await import('../pages/blog/blog.page')).BlogPage }) },
  {
    path: 'blog/:slug',
    lazy: async () => ({ Component: (await import('../pages/blog-post/blog-post.page')).BlogPostPage }),
  },
  { path: 'terms', lazy: async () => ({ Component: (await import('../pages/legal/terms.page')).TermsPage }) },
  { path: 'privacy', lazy: async () => ({ Component: (await import('../pages/legal/privacy.page')).PrivacyPage }) },
  { path: 'admin', lazy: async () => ({ Component: (await import('../pages/admin/admin.page')).AdminPage }) },
  { path: 'payment', lazy: async () => ({ Component: (await import('../pages/payment/payment.page')).PaymentPage }) },
  {
    path: 'subscription',
    lazy: async () => ({ Component: (await import('../pages/subscription/subscription.page')).SubscriptionPage }),
  },
  // Small, and the layout shows it for an unknown language prefix too: part of the main chunk.
  { path: '*', Component: NotFoundPage },
];

export const appRoutes: RouteObject[] = [
  { path: '/', Component: AppLayout, HydrateFallback: PageFallback, children: pageRoutes },
  { path: '/:lang', Component: AppLayout, HydrateFallback: PageFallback, children: pageRoutes },
];
