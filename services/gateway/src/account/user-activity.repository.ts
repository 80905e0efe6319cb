import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ExtractionHistoryItem, RECENT_ACTIVITY_LIMIT, RecentImage } from '@pixtract/contracts';
import { DataSource } from 'typeorm';

/** A member's Recent Activity, read from the gateway's own extraction records. */
@Injectable()
export class UserActivityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async history(userId: number): Promise<ExtractionHistoryItem[]> {
    const rows: Array<{ id: string; url: string; extractedAt: Date; status: string; imageCount: number }> =
      await this.dataSource.query(
        `SELECT "id", "url", coalesce("completedAt", "createdAt") AS "extractedAt", "status", "imageCount"
         FROM "extractions" WHERE "ownerUserId" = $1 ORDER BY "createdAt" DESC LIMIT $2`,
        [userId, RECENT_ACTIVITY_LIMIT],
      );
    return rows.map((row) => ({ ...row, extractedAt: row.extractedAt.toISOString() }));
  }

  /** The newest distinct images of the member's extractions; sourceUrl is the image's own address. */
  async recentImages(userId: number): Promise<RecentImage[]> {
    const rows: Array<{
      id: string;
      alt: string;
      width: number | null;
      height: number | null;
      sourceUrl: string;
      extractedAt: Date;
    }> = await this.dataSource.query(
      `SELECT f."id", f."alt", f."width", f."height", f."fileUrl" AS "sourceUrl", coalesce(e."completedAt", e."createdAt") AS "extractedAt"
         FROM "extracted_files" f JOIN "extractions" e ON e."id" = f."extractionId"
        WHERE e."ownerUserId" = $1 AND NOT f."duplicate"
        ORDER BY e."createdAt" DESC, f."position" ASC LIMIT $2`,
      [userId, RECENT_ACTIVITY_LIMIT],
    );
    return rows.map((row) => ({ ...row, id: String(row.id), extractedAt: row.extractedAt.toISOString() }));
  }
}
