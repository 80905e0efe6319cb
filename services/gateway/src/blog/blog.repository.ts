import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { BlogPost } from '@pixtract/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { readingMinutes, renderArticle } from './blog-markdown';

/** The route the articles' illustrations are served on (from BLOG_DIR/images). */
export const BLOG_IMAGES_PATH = '/api/blog-images';
export const BLOG_IMAGE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:svg|png|jpe?g|webp)$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const frontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD'),
  author: z.string().min(1),
  tags: z.array(z.string().min(1)).min(1),
  image: z.string().regex(BLOG_IMAGE_NAME, 'expected a file name in images/'),
});

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;

/**
 * The blog: Markdown files with front matter in BLOG_DIR, one article each (slug = file name), read and rendered
 * once at start. A malformed article stops the start with its file name: it is part of the release.
 */
@Injectable()
export class BlogRepository implements OnModuleInit {
  private posts: BlogPost[] = [];

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  onModuleInit(): void {
    this.posts = readArticles(this.config.BLOG_DIR);
  }

  /** Newest first. */
  all(): BlogPost[] {
    return this.posts;
  }

  find(slug: string): BlogPost | undefined {
    return this.posts.find((post) => post.slug === slug);
  }

  imagesDir(): string {
    return join(this.config.BLOG_DIR, 'images');
  }
}

function readArticles(dir: string): BlogPost[] {
  const files = readdirSync(dir).filter((file) => file.endsWith('.md'));
  const articles = files.map((file) => readArticle(dir, file));
  // Ids follow publication, oldest first, so a new article never renumbers the others.
  const byAge = [...articles].sort((a, b) => a.date.localeCompare(b.date) || a.slug.localeCompare(b.slug));
  return byAge.map((article, index) => ({ ...article, id: index + 1 })).reverse();
}

function readArticle(dir: string, file: string): Omit<BlogPost, 'id'> {
  const slug = file.slice(0, -'.md'.length);
  const fail = (problem: string) => new Error(`Blog article ${join(dir, file)}: ${problem}`);
  if (!SLUG.test(slug)) throw fail('its file name must be a lower-case slug (a-z, 0-9, hyphens)');
  const match = FRONT_MATTER.exec(readFileSync(join(dir, file), 'utf8'));
  if (!match) throw fail('it must start with front matter between --- lines');
  const meta = frontMatterSchema.safeParse(parseYaml(match[1]));
  if (!meta.success)
    throw fail(
      meta.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`).join('; '),
    );
  const body = match[2];
  return {
    ...meta.data,
    slug,
    image: `${BLOG_IMAGES_PATH}/${meta.data.image}`,
    readTime: readingMinutes(body),
    content: renderArticle(body),
  };
}
