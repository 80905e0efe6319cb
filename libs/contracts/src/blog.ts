import { z } from 'zod';

/** A blog article: the seed's fields. `content` is the body as sanitised HTML; `readTime` is in minutes. */
export const blogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Publication day, YYYY-MM-DD. */
  date: z.string(),
  author: z.string(),
  slug: z.string(),
  /** The article's illustration, served by the gateway itself. */
  image: z.string(),
  tags: z.array(z.string()),
  readTime: z.number().int().positive(),
  content: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
