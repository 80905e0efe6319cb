import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BullBoardModule } from '@bull-board/nestjs';
import { DynamicModule } from '@nestjs/common';
import { QueueName } from '@pixtract/contracts';
import type { NextFunction, Request, Response } from 'express';
import { AccountModule } from '../account/account.module';
import { AdminAccess } from '../account/admin-access.service';

/** Outside /api: a screen for people, like the web app's pages. Its pages, assets and JSON API all live below it. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board for every queue of the contracts (a queue added there appears here), in front of which one
 * middleware lets administrators through and answers everyone else 401/403 — pages, static files and the
 * board's own API alike, since it runs before the board's router sees the request.
 */
export function queueDashboard(): DynamicModule[] {
  return [
    BullBoardModule.forRootAsync({
      imports: [AccountModule],
      inject: [AdminAccess],
      useFactory: (access: AdminAccess) => ({
        route: QUEUE_DASHBOARD_PATH,
        adapter: ExpressAdapter,
        middleware: adminsOnly(access),
        boardOptions: { uiConfig: { boardTitle: 'Pixtract queues' } },
      }),
    }),
    BullBoardModule.forFeature(...Object.values(QueueName).map((name) => ({ name, adapter: BullMQAdapter }))),
  ];
}

/** Nest runs middleware inside its exception handling: a rejection becomes the ErrorBody of AdminAccess's 401/403. */
function adminsOnly(access: AdminAccess) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    await access.require(req);
    next();
  };
}
