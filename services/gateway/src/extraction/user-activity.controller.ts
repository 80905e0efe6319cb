import { Controller, Get, HttpException, Req } from '@nestjs/common';
import { AuthErrorCode, ExtractionHistoryItem, RecentImage, authErrorBody } from '@pixtract/contracts';
import type { Request } from 'express';
import { AuthClient } from '../account/auth.client';
import { ExtractionRepository } from './extraction.repository';

/** The dashboard's Recent Activity: extraction records are the gateway's, the identity is auth's. */
@Controller('user')
export class UserActivityController {
  constructor(
    private readonly auth: AuthClient,
    private readonly extractions: ExtractionRepository,
  ) {}

  @Get('extraction-history')
  async history(@Req() req: Request): Promise<ExtractionHistoryItem[]> {
    return this.extractions.history(await this.memberId(req));
  }

  @Get('recent-images')
  async recentImages(@Req() req: Request): Promise<RecentImage[]> {
    return this.extractions.recentImages(await this.memberId(req));
  }

  private async memberId(req: Request): Promise<number> {
    const { caller } = await this.auth.identify(req);
    if (caller.userId === null) throw new HttpException(authErrorBody(AuthErrorCode.AuthenticationRequired, 401), 401);
    return caller.userId;
  }
}
