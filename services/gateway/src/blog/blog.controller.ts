import { Controller, Get, Param, Res } from '@nestjs/common';
import { ErrorCode, type BlogPost } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import type { Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BLOG_IMAGE_NAME, BlogRepository } from './blog.repository';

const ONE_DAY_S = 86_400;

@Controller()
export class BlogController {
  constructor(private readonly blog: BlogRepository) {}

  /** Every article, newest first, with the seed's fields (bodies included: the list is searched in full). */
  @Get('blog-posts')
  list(): BlogPost[] {
    return this.blog.all();
  }

  @Get('blog-posts/:slug')
  article(@Param('slug') slug: string): BlogPost {
    const post = this.blog.find(slug);
    if (!post) throw new AppException(ErrorCode.NotFound, 404);
    return post;
  }

  /** The articles' illustrations, from the repository: no picture is hot-linked from elsewhere. */
  @Get('blog-images/:file')
  image(@Param('file') file: string, @Res() res: Response): void {
    if (!BLOG_IMAGE_NAME.test(file) || !existsSync(join(this.blog.imagesDir(), file)))
      throw new AppException(ErrorCode.NotFound, 404);
    // An SVG opened on its own is a document of this origin: it may draw, never run anything.
    res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.sendFile(file, { root: this.blog.imagesDir(), maxAge: ONE_DAY_S * 1000 });
  }
}
