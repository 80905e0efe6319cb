import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { newsletterSubscriptionSchema, type NewsletterSubscribed } from '@pixtract/contracts';
import { parseWith } from '@pixtract/service-kit';
import { NewsletterRepository } from './newsletter.repository';

@Controller('newsletter')
export class NewsletterController {
  constructor(private readonly subscribers: NewsletterRepository) {}

  /** 'Stay Updated': the home section, the popup and the register form's checkbox all land here. */
  @Post()
  @HttpCode(200)
  async subscribe(@Body() body: unknown): Promise<NewsletterSubscribed> {
    const { email } = parseWith(newsletterSubscriptionSchema, body);
    await this.subscribers.subscribe(email);
    return { subscribed: true };
  }
}
