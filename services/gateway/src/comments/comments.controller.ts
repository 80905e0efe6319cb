import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Comment } from '@pixtract/contracts';
import type { Request, Response } from 'express';
import { CommentsService } from './comments.service';

@Controller('comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  /** GET /api/comments?url= — the page's approved comments, newest first, and the caller's own pending ones. */
  @Get()
  list(@Query('url') url: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Comment[]> {
    return this.comments.forPage(url, req, res);
  }

  @Post()
  @HttpCode(201)
  add(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Comment> {
    return this.comments.add(body, req, res);
  }
}
