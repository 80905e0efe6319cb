import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CrawlScope, ExtractionHistoryItem, RECENT_ACTIVITY_LIMIT, RecentImage } from '@pixtract/contracts';
import { DataSource } from 'typeorm';

/** A member's Recent Activity, read from the gateway's own extraction records. */
@Injectable()
export class UserActivityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The member's extractions and crawls, newest first (a crawl's row says so, with its scope and pages read). */
  async history(userId: number): Promise<ExtractionHistoryItem[]> {
    const rows: Array<{
      id: string;
      url: string;
      extractedAt: Date;
      status: string;
      imageCount: number;
      kind: 'extraction' | 'crawl';
      scope: CrawlScope | null;
      pagesDone: number | null;
    }> = await this.dataSource.query(
      `SELECT "id", "url", "extractedAt", "status", "imageCount", "kind", "scope", "pagesDone" FROM (
         SELECT "id"::text, "url", coalesce("completedAt", "createdAt") AS "extractedAt", "status", "imageCount",
                'extraction' AS "kind", NULL AS "scope", NULL::int AS "pagesDone", "createdAt"
           FROM "extractions" WHERE "ownerUserId" = $1
         UNION ALL
         SELECT c."id"::text, c."startUrl", coalesce(c."finishedAt", c."createdAt"), c."status", c."imagesFound",
                'crawl', c."scope",
                (SELECT count(*)::int FROM "crawl_pages" p WHERE p."crawlId" = c."id" AND p."status" = 'done'), c."createdAt"
           FROM "crawls" c WHERE c."ownerUserId" = $1
       ) AS activity ORDER BY "createdAt" DESC LIMIT $2`,
      [userId, RECENT_ACTIVITY_LIMIT],
    );
    return rows.map(({ scope, pagesDone, kind, ...row }) => ({
      ...row,
      extractedAt: row.extractedAt.toISOString(),
      ...(kind === 'crawl' && { kind, scope: scope!, pagesDone: pagesDone ?? 0 }),
    }));
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
