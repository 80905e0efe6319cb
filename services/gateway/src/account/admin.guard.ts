import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AdminAccess } from './admin-access.service';

/** `@UseGuards(AdminGuard)` on an admin controller or route: 401 signed out, 403 to anyone but an admin. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly access: AdminAccess) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.access.require(context.switchToHttp().getRequest<Request>());
    return true;
  }
}
