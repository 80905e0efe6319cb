import { z } from 'zod';
import { BlogPost, blogPostSchema } from '../blog';
import { ErrorCode } from '../errors';
import { ApiRoute, fileAnswer, jsonAnswer, refusals } from './api-route';

const POST_EXAMPLE: BlogPost = {
  id: 7,
  title: 'Using the Pixtract API from your own code',
  description: 'Everything the web app does is an HTTP call you can make yourself.',
  date: '2025-10-14',
  author: 'Pixtract Team',
  slug: 'using-the-pixtract-api',
  image: '/api/blog-images/pixtract-api.svg',
  tags: ['api', 'developers'],
  readTime: 6,
  content: '<p>The Pixtract web app is a client of a plain JSON API, and so can your scripts be.</p>',
};

export const BLOG_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/blog-posts',
    tags: ['Blog'],
    summary: 'Every article',
    description: 'Newest first, bodies included (the blog searches them in full).',
    responses: { 200: jsonAnswer('The articles.', z.array(blogPostSchema), [POST_EXAMPLE]) },
  },
  {
    method: 'get',
    path: '/api/blog-posts/{slug}',
    tags: ['Blog'],
    summary: 'One article',
    request: {
      params: z.object({ slug: z.string().meta({ description: 'The article’s slug', example: POST_EXAMPLE.slug }) }),
    },
    responses: {
      200: jsonAnswer('The article; `content` is sanitised HTML.', blogPostSchema, POST_EXAMPLE),
      ...refusals({ 404: [ErrorCode.NotFound] }),
    },
  },
  {
    method: 'get',
    path: '/api/blog-images/{file}',
    tags: ['Blog'],
    summary: 'An article’s illustration',
    description:
      'The file an article’s `image` names, cached for a day. An SVG opened on its own may draw, never run a script (its own Content-Security-Policy).',
    request: {
      params: z.object({
        file: z.string().meta({
          description: 'A lower-case file name ending in .svg, .png, .jpg, .jpeg or .webp',
          example: 'pixtract-api.svg',
        }),
      }),
    },
    responses: {
      200: fileAnswer('The image.', ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp']),
      304: { description: 'Not modified since the copy the client holds (If-None-Match, If-Modified-Since).' },
      ...refusals({ 404: [ErrorCode.NotFound] }),
    },
  },
];
