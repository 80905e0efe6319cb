import type { BlogPost } from '@pixtract/contracts';
import { excerpt, relatedPosts, searchPosts, tagsOf } from './blog-posts';

const post = (slug: string, tags: string[], fields: Partial<BlogPost> = {}): BlogPost => ({
  id: 1,
  slug,
  tags,
  title: `Title of ${slug}`,
  description: 'A description',
  date: '2025-01-01',
  author: 'Pixtract Team',
  image: `/api/blog-images/${slug}.svg`,
  readTime: 3,
  content: '<p>Body</p>',
  ...fields,
});

describe('blog posts', () => {
  it('cuts a description at a word boundary within the limit, with an ellipsis', () => {
    expect(excerpt('short', 120)).toBe('short');
    const long =
      'Lazy loading makes pages fast by not loading pictures until you scroll to them. Here is why that hides images from downloaders.';
    const cut = excerpt(long, 120);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(cut).toBe(
      'Lazy loading makes pages fast by not loading pictures until you scroll to them. Here is why that hides images from…',
    );
    expect(excerpt('x'.repeat(200), 100)).toBe(`${'x'.repeat(99)}…`);
  });

  it('searches every word in title, description, tags and body, within a tag', () => {
    const posts = [
      post('lazy', ['lazy-loading'], { content: '<p>IntersectionObserver swaps <code>data-src</code></p>' }),
      post('zip', ['zip', 'guides'], { description: 'One archive for a gallery' }),
      post('api', ['api'], { title: 'Using the API' }),
    ];
    expect(searchPosts(posts, '', null)).toEqual(posts);
    expect(searchPosts(posts, 'intersectionobserver DATA-SRC', null).map((p) => p.slug)).toEqual(['lazy']);
    expect(searchPosts(posts, 'gallery', null).map((p) => p.slug)).toEqual(['zip']);
    expect(searchPosts(posts, 'gallery', 'api')).toEqual([]);
    expect(searchPosts(posts, '', 'guides').map((p) => p.slug)).toEqual(['zip']);
    expect(searchPosts(posts, 'nothing like this', null)).toEqual([]);
  });

  it('ranks by relevance: an exact title first, though every word is in every body; title and tags weigh more', () => {
    const body = '<p>Why lazy loaded images go missing, and how a ZIP saves a gallery.</p>';
    const posts = [
      post('zip', ['zip', 'guides'], { title: 'Save a gallery as one ZIP', content: body }),
      post('lazy', ['lazy-loading'], { title: 'Why lazy-loaded images go missing', content: body }),
      post('formats', ['formats'], { title: 'Image formats explained', content: body }),
    ];
    expect(searchPosts(posts, 'Why lazy-loaded images go missing', null).map((p) => p.slug)[0]).toBe('lazy');
    expect(searchPosts(posts, 'save a gallery as one zip', null).map((p) => p.slug)[0]).toBe('zip');
    // A tag weighs more than a body: the article tagged "formats" comes before ones that only say it in passing.
    const tagged = [
      post('mention', ['guides'], { content: '<p>Every format, every size.</p>' }),
      post('tagged', ['formats'], { content: '<p>Pictures.</p>' }),
    ];
    expect(searchPosts(tagged, 'formats', null).map((p) => p.slug)).toEqual(['tagged', 'mention']);
  });

  it('finds a half-typed last word and a slip of a letter', () => {
    const posts = [post('srcset', ['responsive-images'], { title: 'Srcset and the largest image' })];
    expect(searchPosts(posts, 'larg', null).map((p) => p.slug)).toEqual(['srcset']);
    expect(searchPosts(posts, 'lagest', null).map((p) => p.slug)).toEqual(['srcset']);
    // Short words match only as typed: nothing says "no article says this".
    expect(searchPosts(posts, 'no article says this', null)).toEqual([]);
  });

  it('relates the three articles sharing most tags, then the newest', () => {
    const posts = [post('a', ['x']), post('b', ['y', 'z']), post('c', ['z']), post('d', ['w']), post('e', ['y'])];
    expect(relatedPosts(posts, posts[1]).map((p) => p.slug)).toEqual(['c', 'e', 'a']);
  });

  it('lists the tags in use once each', () => {
    expect(tagsOf([post('a', ['x', 'y']), post('b', ['y', 'z'])])).toEqual(['x', 'y', 'z']);
  });
});
