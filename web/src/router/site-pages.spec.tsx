import { SITE_PAGES, localisedPath, type SitePageKey, type UserProfile } from '@pixtract/contracts';
import { screen, waitFor } from '@testing-library/react';
import { resources } from '../i18n/i18n';
import fr from '../i18n/locales/fr.json';
import { signedIn } from '../test/auth-fixtures';
import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render-with-providers';

// Each test renders the whole app and loads a page chunk (and a locale): on a machine shared with other builds that takes longer than jest's 5 s default.
jest.setTimeout(30_000);

const quarter = { used: 0, total: 135_000 };
const PROFILE: UserProfile = {
  username: 'ada',
  email: null,
  role: 'admin',
  createdAt: '2026-01-15T10:00:00.000Z',
  currentUsage: 0,
  dailyLimit: 1500,
  totalExtractionsAllTime: 0,
  totalImagesExtracted: 0,
  quarterlyStats: { q1: quarter, q2: quarter, q3: quarter, q4: quarter, currentQuarter: 1 },
};

/**
 * SITE_PAGES is the server's list of the app's pages (sitemap, page heads): each must be a page of the app, under
 * every language, titling the tab with the words the server writes into its head.
 */
describe.each(Object.entries(SITE_PAGES) as Array<[SitePageKey, (typeof SITE_PAGES)[SitePageKey]]>)(
  'the %s page',
  (key, page) => {
    it.each(['en', 'fr'] as const)('is a page of the app in %s, titled with its pageMeta words', async (language) => {
      fakeApi({
        'GET /api/auth/status': { status: 200, body: signedIn({ role: 'admin' }) },
        'GET /api/blog-posts': { status: 200, body: [] },
        'GET /api/admin/comments': { status: 200, body: [] },
        'GET /api/user/profile': { status: 200, body: PROFILE },
        'GET /api/user/extraction-history': { status: 200, body: [] },
        'GET /api/user/recent-images': { status: 200, body: [] },
        'POST /api/extractions': { status: 202, body: { extractionId: 'e' } },
        'GET /api/extractions/e': {
          status: 200,
          body: { extractionId: 'e', url: 'https://example.com/', status: 'queued' },
        },
      });
      const query = key === 'results' ? '?url=example.com' : '';
      renderWithProviders(localisedPath(language, page.path) + query);

      const words =
        language === 'en' ? resources.en.translation.pageMeta : (fr as typeof resources.en.translation).pageMeta;
      await waitFor(() => expect(document.title).toBe(words[key].title), { timeout: 10_000 });
      expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument();
    });
  },
);
