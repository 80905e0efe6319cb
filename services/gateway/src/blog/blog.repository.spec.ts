import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayConfig } from '../gateway.config';
import { BlogRepository } from './blog.repository';

const frontMatter = (fields: Record<string, string>) =>
  `---\n${Object.entries(fields)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n')}\n---\n`;
const valid = {
  title: 'A title',
  description: 'A description',
  date: '2025-01-02',
  author: 'Pixtract Team',
  tags: '[guides]',
  image: 'a.svg',
};

describe('BlogRepository', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'blog-'));
    mkdirSync(join(dir, 'images'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function load(): BlogRepository {
    const blog = new BlogRepository({ BLOG_DIR: dir } as GatewayConfig);
    blog.onModuleInit();
    return blog;
  }

  it('reads each article with its slug, image address and read time; newest first, ids by age', () => {
    writeFileSync(join(dir, 'older-post.md'), frontMatter({ ...valid, date: '2024-12-01' }) + 'word '.repeat(400));
    writeFileSync(join(dir, 'newer-post.md'), frontMatter(valid) + '## Heading\n\nSome *text*.');
    writeFileSync(join(dir, 'notes.txt'), 'not an article');
    const posts = load().all();
    expect(posts.map((post) => [post.slug, post.id])).toEqual([
      ['newer-post', 2],
      ['older-post', 1],
    ]);
    expect(posts[0]).toEqual({
      id: 2,
      slug: 'newer-post',
      title: 'A title',
      description: 'A description',
      date: '2025-01-02',
      author: 'Pixtract Team',
      tags: ['guides'],
      image: '/api/blog-images/a.svg',
      readTime: 1,
      content: '<h2>Heading</h2>\n<p>Some <em>text</em>.</p>\n',
    });
    expect(posts[1].readTime).toBe(2);
  });

  it('renders markup written in an article as text, and keeps only safe links', () => {
    const body = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[bad](javascript:alert(1)) [data](data:text/html,hi) [ok](https://example.com/page) [here](/terms)',
      '![remote](http://example.com/a.png)',
    ].join('\n\n');
    writeFileSync(join(dir, 'hostile.md'), frontMatter(valid) + body);
    const html = load().find('hostile')!.content;
    expect(html).not.toMatch(/<script|<img|href="(javascript|data):/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://example.com/page" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<a href="/terms">here</a>');
  });

  it.each([
    ['Bad_Name.md', frontMatter(valid), /lower-case slug/],
    ['no-front-matter.md', '# Just text', /front matter/],
    ['missing-title.md', frontMatter({ ...valid, title: '' }), /title/],
    ['bad-date.md', frontMatter({ ...valid, date: 'March 4' }), /date: expected YYYY-MM-DD/],
    ['bad-image.md', frontMatter({ ...valid, image: '../secret.svg' }), /image/],
    ['unknown-field.md', frontMatter({ ...valid, draft: 'true' }), /draft/],
  ])('stops the start on %s, naming the file', (file, text, problem) => {
    writeFileSync(join(dir, file), `${text}Body.`);
    expect(() => load()).toThrow(new RegExp(`${file}.*${problem.source}`));
  });
});
