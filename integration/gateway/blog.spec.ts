import { blogPostSchema, type BlogPost } from '@pixtract/contracts';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

/** The topics the blog promises its readers, one article each. */
const TOPICS = [
  'download-every-image-from-a-web-page',
  'why-lazy-loaded-images-go-missing',
  'srcset-and-the-largest-image',
  'css-background-images',
  'save-a-gallery-as-one-zip',
  'image-formats-explained',
  'copyright-and-robots-rules',
  'using-the-pixtract-api',
];

const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter((word) => /\w/.test(word)).length;

describe('the blog API over the articles in content/blog', () => {
  let gateway: GatewayHarness;
  let posts: BlogPost[];

  beforeAll(async () => {
    gateway = await startGateway('gateway_blog');
    const res = await fetch(`${gateway.base}/api/blog-posts`);
    expect(res.status).toBe(200);
    posts = (await res.json()) as BlogPost[];
  });
  afterAll(() => gateway.close());

  it("lists every article with the seed's fields, newest first, one per topic", () => {
    expect(posts.length).toBeGreaterThanOrEqual(8);
    for (const post of posts) expect(blogPostSchema.strict().parse(post)).toEqual(post);
    expect(posts.map((post) => post.date)).toEqual([...posts.map((post) => post.date)].sort().reverse());
    expect(new Set(posts.map((post) => post.id)).size).toBe(posts.length);
    expect(posts.map((post) => post.slug)).toEqual(expect.arrayContaining(TOPICS));
  });

  it('has articles of 400 to 900 words with a matching read time', () => {
    for (const post of posts) {
      const count = words(post.content);
      expect({ slug: post.slug, inRange: count >= 400 && count <= 900 }).toEqual({ slug: post.slug, inRange: true });
      expect(post.readTime).toBe(Math.max(1, Math.round(count / 200)));
    }
  });

  it('answers one article by its slug, and 404 NOT_FOUND for any other', async () => {
    const [newest] = posts;
    expect(await (await fetch(`${gateway.base}/api/blog-posts/${newest.slug}`)).json()).toEqual(newest);
    for (const slug of ['no-such-article', '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E']) {
      const res = await fetch(`${gateway.base}/api/blog-posts/${slug}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
    }
  });

  it("serves each article's illustration from the app itself, inert", async () => {
    for (const post of posts) {
      expect(post.image).toMatch(/^\/api\/blog-images\/[a-z0-9-]+\.svg$/);
      const res = await fetch(gateway.base + post.image);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(await res.text()).toMatch(/^<svg /);
    }
    for (const name of ['missing.svg', '..%2F..%2Fdownload-every-image-from-a-web-page.md', 'images.txt']) {
      expect((await fetch(`${gateway.base}/api/blog-images/${name}`)).status).toBe(404);
    }
  });
});
