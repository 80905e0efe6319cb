import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { CommentModerationController } from './comment-moderation.controller';
import { CommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

@Module({
  imports: [AccountModule],
  controllers: [CommentsController, CommentModerationController],
  providers: [CommentsService, CommentsRepository],
})
export class CommentsModule {}

/** The table's migrations travel with the module, so the app module registers both from one import. */
export { CreateComments1764100000000 } from './migrations/1764100000000-create-comments';
export { AddCommentByAdministrator1764310000000 } from './migrations/1764310000000-add-comment-by-administrator';
