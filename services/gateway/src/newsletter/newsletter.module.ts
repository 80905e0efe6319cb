import { Module } from '@nestjs/common';
import { NewsletterController } from './newsletter.controller';
import { NewsletterRepository } from './newsletter.repository';
import { NewsletterWish } from './newsletter-wish';

@Module({
  controllers: [NewsletterController],
  providers: [NewsletterRepository, NewsletterWish],
  // Registration's "subscribe me" lands in the same list (the auth relay asks NewsletterWish).
  exports: [NewsletterWish],
})
export class NewsletterModule {}

/** The table's migration travels with the module, so the app module registers both from one import. */
export { CreateNewsletterSubscribers1763900000000 } from './migrations/1763900000000-create-newsletter-subscribers';
