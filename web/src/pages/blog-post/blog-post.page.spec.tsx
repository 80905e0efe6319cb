import { screen, waitFor, within } from '@testing-library/react';
import { signedOut } from '../../test/auth-fixtures';
import { blogPost } from '../../test/blog-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

const article = blogPost('srcset-explained', {
  title: 'srcset explained',
  description: 'How responsive images work & how to get the largest file.',
  author: 'Pixtract Team',
  date: '2025-05-20',
  readTime: 4,
  tags: ['responsive-images', 'how-it-works'],
  content: '<h2>One picture, many files</h2><p>A responsive image lists its <code>srcset</code>.</p>',
});
const others = [
  blogPost('a', { title: 'Shares one tag', tags: ['how-it-works'], description: 'x'.repeat(150) }),
  blogPost('b', { title: 'Shares nothing, newest', tags: ['zip'] }),
  blogPost('c', { title: 'Shares two tags', tags: ['responsive-images', 'how-it-works'] }),
  blogPost('d', { title: 'Shares nothing, older', tags: ['api'] }),
];

describe('/blog/{slug}', () => {
  it('shows the article with its tags, date, read time and author, share links and three related articles', async () => {
    fakeApi({
      'GET /api/auth/status': { status: 200, body: signedOut },
      'GET /api/blog-posts/srcset-explained': { status: 200, body: article },
      'GET /api/blog-posts': { status: 200, body: [article, ...others] },
    });
    renderWithProviders('/blog/srcset-explained');

    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'srcset explained' })).toBeInTheDocument();
    expect(main.getByText('How responsive images work & how to get the largest file.')).toBeInTheDocument();
    expect(main.getAllByRole('list', { name: 'Tags' })[0]).toHaveTextContent('Responsive imagesHow it works');
    expect(main.getByText('May 20, 2025')).toBeInTheDocument();
    expect(main.getAllByText('4 min read')[0]).toBeInTheDocument();
    expect(main.getByText('By Pixtract Team')).toBeInTheDocument();
    expect(main.getByRole('heading', { level: 2, name: 'One picture, many files' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('srcset explained | Pixtract Blog'));

    const address = encodeURIComponent('http://localhost/blog/srcset-explained');
    const share = within(main.getByRole('navigation', { name: 'Share this article' }));
    expect(share.getByRole('link', { name: 'Share on Twitter' })).toHaveAttribute(
      'href',
      `https://twitter.com/intent/tweet?url=${address}&text=srcset%20explained`,
    );
    expect(share.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${address}`,
    );
    expect(share.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${address}`,
    );
    expect(share.getByRole('link', { name: 'Share by email' }).getAttribute('href')).toMatch(
      /^mailto:\?subject=srcset%20explained&body=How%20responsive.*http%3A%2F%2Flocalhost%2Fblog%2Fsrcset-explained$/,
    );

    const related = (await main.findByRole('heading', { level: 2, name: 'Related articles' })).closest('section')!;
    expect(
      within(related)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Shares two tags', 'Shares one tag', 'Shares nothing, newest']);
    expect(within(related).getByText(/^x+…$/).textContent.length).toBeLessThanOrEqual(100);
  });

  it("answers an unknown slug with 'Article Not Found' and the way back", async () => {
    fakeApi({
      'GET /api/auth/status': { status: 200, body: signedOut },
      'GET /api/blog-posts/nope': { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' } },
    });
    renderWithProviders('/ar/blog/nope');
    expect(await screen.findByRole('heading', { name: 'لم يُعثر على المقال' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى المدونة' })).toHaveAttribute('href', '/ar/blog');
  });
});
