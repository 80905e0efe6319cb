import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ErrorCode, type Comment } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import { AdminGuard } from '../account/admin.guard';
import { CommentsRepository } from './comments.repository';

/** The administrators' side of comments (/admin): the visitors' comments that wait, approved or deleted one by one. */
@Controller('admin/comments')
@UseGuards(AdminGuard)
export class CommentModerationController {
  constructor(private readonly comments: CommentsRepository) {}

  @Get()
  pending(): Promise<Comment[]> {
    return this.comments.pending();
  }

  @Post(':id/approve')
  @HttpCode(200)
  async approve(@Param('id') id: string): Promise<Comment> {
    const comment = await this.comments.approve(commentId(id));
    if (!comment) throw new AppException(ErrorCode.NotFound, 404);
    return comment;
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    if (!(await this.comments.remove(commentId(id)))) throw new AppException(ErrorCode.NotFound, 404);
  }
}

/** Ids are positive integers; anything else names no comment. */
function commentId(id: string): number {
  const value = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  if (value < 1) throw new AppException(ErrorCode.NotFound, 404);
  return value;
}
