import { isExtractionId } from '../extraction/extraction-id';

/** Crawl ids are UUIDs, like extraction ids: anything else names no crawl (and never reaches a query). */
export const isCrawlId = isExtractionId;
