import type { BlogPost } from '@pixtract/contracts';
import { api } from '../../app/api';

const blogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every article, newest first (bodies included: the list is searched in full). */
    getBlogPosts: build.query<BlogPost[], void>({ query: () => '/blog-posts' }),
    getBlogPost: build.query<BlogPost, string>({ query: (slug) => `/blog-posts/${encodeURIComponent(slug)}` }),
  }),
});

export const { useGetBlogPostsQuery, useGetBlogPostQuery } = blogApi;
