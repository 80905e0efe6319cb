import { screen, waitFor, within } from '@testing-library/react';
import { signedOut } from '../../test/auth-fixtures';
import { blogPost } from '../../test/blog-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

// Typing a search renders the whole app per keystroke: on a machine shared with other builds that takes longer than jest's 5 s default.
jest.setTimeout(30_000);

const long =
  'Lazy loading makes pages fast by not loading pictures until you scroll to them. Here is why that hides images from simple downloaders.';
const POSTS = [
  blogPost('lazy', {
    title: 'Why lazy-loaded images go missing',
    description: long,
    tags: ['lazy-loading', 'how-it-works'],
    date: '2025-09-01',
  }),
  blogPost('zip', { title: 'Save a whole gallery as one ZIP', tags: ['guides', 'zip'], date: '2025-08-01' }),
  blogPost('srcset', {
    title: 'srcset explained',
    tags: ['responsive-images', 'how-it-works'],
    date: '2025-07-01',
    content: '<p>The largest candidate wins.</p>',
  }),
];

function blogWith(posts: { status: number; body: unknown } | Array<{ status: number; body: unknown }>, path = '/blog') {
  const api = fakeApi({ 'GET /api/auth/status': { status: 200, body: signedOut }, 'GET /api/blog-posts': posts });
  return { ...api, ...renderWithProviders(path) };
}

describe('/blog', () => {
  it('features the newest article and lists the others under Latest Posts, descriptions cut at 120 characters', async () => {
    blogWith({ status: 200, body: POSTS });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixtract Blog' })).toBeInTheDocument();
    const featured = (
      await screen.findByRole('heading', { level: 2, name: 'Why lazy-loaded images go missing' })
    ).closest('article')!;
    expect(within(featured).getByText('Featured')).toBeInTheDocument();
    expect(within(featured).getByRole('link', { name: 'Why lazy-loaded images go missing' })).toHaveAttribute(
      'href',
      '/blog/lazy',
    );
    const excerpt = within(featured).getByText(/^Lazy loading makes pages fast/);
    expect(excerpt.textContent.length).toBeLessThanOrEqual(120);
    expect(excerpt.textContent).toMatch(/…$/);
    expect(within(featured).getByText('4 min read')).toBeInTheDocument();
    expect(within(featured).getByText('September 1, 2025')).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'Latest Posts' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Save a whole gallery as one ZIP',
      'srcset explained',
    ]);
    expect(screen.getByRole('heading', { name: 'New articles in your inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Extract Images' })).toHaveAttribute('href', '/#try-it');
    await waitFor(() => expect(document.title).toBe('Blog: guides to collecting images from the web | Pixtract'));
  });

  it('searches titles, descriptions, tags and bodies; filters by tag; and resets', async () => {
    const { user, router } = blogWith({ status: 200, body: POSTS });
    const search = await screen.findByRole('searchbox', { name: 'Search articles' });
    await screen.findAllByRole('article');

    await user.type(search, 'largest candidate');
    expect(screen.getByRole('heading', { level: 2, name: 'srcset explained' })).toBeInTheDocument();
    expect(screen.queryByText('Save a whole gallery as one ZIP')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=largest+candidate');

    await user.clear(search);
    const tags = screen.getByRole('group', { name: 'Filter by tag' });
    expect(
      within(tags)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All', 'Lazy loading', 'How it works', 'Guides', 'ZIP', 'Responsive images']);
    await user.click(within(tags).getByRole('button', { name: 'How it works' }));
    expect(within(tags).getByRole('button', { name: 'How it works' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?tag=how-it-works');
    expect(screen.getByRole('heading', { level: 2, name: 'Posts tagged with “How it works”' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);

    await user.type(search, 'nothing matches this');
    expect(screen.getByRole('heading', { name: 'No posts found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(search).toHaveValue('');
    expect(within(tags).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("features the article whose title was searched, though the words are in every article's body", async () => {
    const body = POSTS.map((post) => post.title).join(' ');
    const { user } = blogWith({ status: 200, body: POSTS.map((post) => ({ ...post, content: `<p>${body}</p>` })) });
    const search = await screen.findByRole('searchbox', { name: 'Search articles' });
    await screen.findAllByRole('article');
    for (const post of POSTS) {
      await user.clear(search);
      await user.type(search, post.title);
      expect(screen.getAllByRole('article')[0]).toHaveTextContent(post.title);
    }
  });

  it("labels the tag chips in the reader's language", async () => {
    blogWith({ status: 200, body: POSTS }, '/ar/blog');
    const tags = await screen.findByRole('group', { name: /./ });
    expect(await within(tags).findByRole('button', { name: 'التحميل الكسول' })).toBeInTheDocument();
    expect(within(tags).queryByRole('button', { name: 'lazy-loading' })).not.toBeInTheDocument();
  });

  it('opens with the filters of its address, and says so when the articles cannot be loaded', async () => {
    const { user } = blogWith(
      [
        {
          status: 500,
          body: { statusCode: 500, code: 'INTERNAL', message: 'An error occurred. Please try again later.' },
        },
        { status: 200, body: POSTS },
      ],
      '/blog?tag=zip',
    );
    expect(await screen.findByText('The articles could not be loaded right now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Save a whole gallery as one ZIP' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says the articles are in English under another language', async () => {
    blogWith({ status: 200, body: POSTS }, '/de/blog');
    expect(await screen.findByText('Unsere Artikel sind auf Englisch geschrieben.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Why lazy-loaded images go missing' })).toHaveAttribute(
      'href',
      '/de/blog/lazy',
    );
  });
});
