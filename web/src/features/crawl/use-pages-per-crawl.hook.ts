import { CRAWL_PAGE_LIMITS, crawlPlanOf } from '@pixtract/contracts';
import { useAuthStatus } from '../auth/auth.api';

/** How many pages one crawl of the visitor's plan reads (a visitor not signed in: the free plan's). */
export function usePagesPerCrawl(): number {
  const user = useAuthStatus().data?.user;
  return CRAWL_PAGE_LIMITS[crawlPlanOf(user?.role ?? 'free', user?.membershipPlan)];
}
