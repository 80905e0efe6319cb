import type { BlogPost } from '@pixtract/contracts';

/** An article as GET /api/blog-posts answers it. */
export const blogPost = (slug: string, fields: Partial<BlogPost> = {}): BlogPost => ({
  id: 1,
  slug,
  title: `Title of ${slug}`,
  description: `About ${slug}.`,
  date: '2025-06-10',
  author: 'Pixtract Team',
  image: `/api/blog-images/${slug}.svg`,
  tags: ['guides'],
  readTime: 4,
  content: '<p>Body</p>',
  ...fields,
});
