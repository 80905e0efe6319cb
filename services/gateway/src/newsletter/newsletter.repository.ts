import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

@Injectable()
export class NewsletterRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stores the address once; a second subscription of the same address changes nothing. */
  async subscribe(email: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "newsletter_subscribers" ("email") VALUES ($1) ON CONFLICT ("email") DO NOTHING`,
      [email],
    );
  }
}
