import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Comment } from '@pixtract/contracts';
import { DataSource } from 'typeorm';

/** Enough for any page's discussion; a page with more shows its newest. */
export const COMMENTS_PER_PAGE_LIMIT = 200;
/** The moderation queue shows this many at a time, oldest first. */
export const PENDING_COMMENTS_LIMIT = 200;

const COLUMNS = `"id", "userId", "username", "content", "rating", "sourceUrl", "verified", "approved", "byAdministrator", "createdAt"`;

type CommentRow = Omit<Comment, 'createdAt'> & { createdAt: Date };

export interface CommentRecord {
  userId: number | null;
  username: string;
  content: string;
  rating: number;
  sourceUrl: string;
  verified: boolean;
  approved: boolean;
  byAdministrator: boolean;
  authorSubject: string;
}

@Injectable()
export class CommentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(record: CommentRecord): Promise<Comment> {
    const [row]: CommentRow[] = await this.dataSource.query(
      `INSERT INTO "comments" ("userId", "username", "content", "rating", "sourceUrl", "verified", "approved", "byAdministrator", "authorSubject")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [
        record.userId,
        record.username,
        record.content,
        record.rating,
        record.sourceUrl,
        record.verified,
        record.approved,
        record.byAdministrator,
        record.authorSubject,
      ],
    );
    return toComment(row);
  }

  /** A page's approved comments and the ones `authorSubject` wrote that wait for moderation, newest first. */
  async forPage(sourceUrl: string, authorSubject: string | null): Promise<Comment[]> {
    const rows: CommentRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "comments"
        WHERE "sourceUrl" = $1 AND ("approved" OR "authorSubject" = $2)
        ORDER BY "createdAt" DESC, "id" DESC LIMIT $3`,
      [sourceUrl, authorSubject, COMMENTS_PER_PAGE_LIMIT],
    );
    return rows.map(toComment);
  }

  async pending(): Promise<Comment[]> {
    const rows: CommentRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "comments" WHERE NOT "approved" ORDER BY "createdAt" ASC, "id" ASC LIMIT $1`,
      [PENDING_COMMENTS_LIMIT],
    );
    return rows.map(toComment);
  }

  /** The comment, approved (approving twice changes nothing); null when there is no such comment. */
  async approve(id: number): Promise<Comment | null> {
    const [rows]: [CommentRow[], number] = await this.dataSource.query(
      `UPDATE "comments" SET "approved" = true WHERE "id" = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    return rows.length > 0 ? toComment(rows[0]) : null;
  }

  /** Whether there was such a comment to delete. */
  async remove(id: number): Promise<boolean> {
    const [, deleted]: [unknown[], number] = await this.dataSource.query(`DELETE FROM "comments" WHERE "id" = $1`, [
      id,
    ]);
    return deleted > 0;
  }

  /** Whether the member finished an extraction of that page (asked for, or arrived at after redirects). */
  async hasExtracted(userId: number, sourceUrl: string): Promise<boolean> {
    const [row]: Array<{ extracted: boolean }> = await this.dataSource.query(
      `SELECT EXISTS (
         SELECT 1 FROM "extractions" WHERE "ownerUserId" = $1 AND "status" = 'completed' AND ($2 IN ("url", "sourceUrl"))
       ) AS "extracted"`,
      [userId, sourceUrl],
    );
    return row.extracted;
  }
}

function toComment(row: CommentRow): Comment {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
