import { z } from 'zod';
import { ERROR_MESSAGES } from './errors';

/** Which scrolling cap stopped a page that kept growing. */
const scrollCapSchema = z.enum(['steps', 'height', 'time']);
type ScrollCap = z.infer<typeof scrollCapSchema>;

const quantity = z.number().int().nonnegative();

/**
 * A warning of an extraction as data — a closed set of codes, each with its values — so a client can word it in
 * its reader's language. `extractionWarningText` gives its English: the seed's `warnings` strings.
 */
export const extractionWarningSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('HTTP_STATUS'),
    /** `retryAfterSeconds`: a 429's or 503's Retry-After, when it gave one (a crawl backs the host off that long). */
    values: z.object({ status: z.number().int(), retryAfterSeconds: z.number().nonnegative().optional() }),
  }),
  z.object({ code: z.literal('SCROLL_CAPPED'), values: z.object({ cap: scrollCapSchema }) }),
  z.object({ code: z.literal('REFUSED_REQUESTS'), values: z.object({ count: quantity }) }),
  z.object({ code: z.literal('ELEMENTS_CAPPED'), values: z.object({ limit: quantity }) }),
  z.object({ code: z.literal('IMAGES_CAPPED'), values: z.object({ limit: quantity }) }),
  z.object({ code: z.literal('IMAGES_UNMEASURED'), values: z.object({ count: quantity }) }),
  z.object({ code: z.literal('STOPPED_AT_TIME_LIMIT') }),
  /** The page was still loading when its time for loading ran out: what it showed by then, after `seconds`. */
  z.object({ code: z.literal('STILL_LOADING'), values: z.object({ seconds: quantity }) }),
  z.object({ code: z.literal('NOT_HTML'), values: z.object({ type: z.string() }) }),
  /** Nothing of the page arrived within the `seconds` an extraction gives a page to answer (PAGE_DID_NOT_ANSWER). */
  z.object({ code: z.literal('NO_ANSWER'), values: z.object({ seconds: quantity }) }),
]);
export type ExtractionWarning = z.infer<typeof extractionWarningSchema>;
type ExtractionWarningCode = ExtractionWarning['code'];

type WarningOf<C extends ExtractionWarningCode> = Extract<ExtractionWarning, { code: C }>;

const SCROLL_CAP_WORDS: Record<ScrollCap, string> = { steps: 'step', height: 'page height', time: 'time' };

/** The English of each warning, in the words the person reads. */
const ENGLISH: { [C in ExtractionWarningCode]: (warning: WarningOf<C>) => string } = {
  HTTP_STATUS: ({ values }) => `The page answered with HTTP status ${values.status}.`,
  SCROLL_CAPPED: ({ values }) =>
    `The page kept growing; scrolling stopped at the ${SCROLL_CAP_WORDS[values.cap]} limit, so images further down were not loaded.`,
  REFUSED_REQUESTS: ({ values: { count } }) =>
    `${count} request${count === 1 ? '' : 's'} of this page went to private or local addresses and ${count === 1 ? 'was' : 'were'} refused.`,
  ELEMENTS_CAPPED: ({ values }) =>
    `The page has more than ${values.limit.toLocaleString('en-US')} elements; only the first ones were searched.`,
  IMAGES_CAPPED: ({ values }) =>
    `Only the first ${values.limit.toLocaleString('en-US')} images of this page were kept.`,
  IMAGES_UNMEASURED: ({ values: { count } }) =>
    `The size${count === 1 ? '' : 's'} of ${count.toLocaleString('en-US')} image${count === 1 ? '' : 's'} could not be read in time.`,
  STOPPED_AT_TIME_LIMIT: () => `${ERROR_MESSAGES.PAGE_TIMEOUT} These are the images found before it was stopped.`,
  STILL_LOADING: ({ values }) => `The page was still loading; showing what was found in ${values.seconds} s.`,
  NOT_HTML: ({ values }) => `The address serves ${values.type}, not a web page.`,
  NO_ANSWER: ({ values }) => `The page did not answer within ${values.seconds} seconds.`,
};

export const EXTRACTION_WARNING_CODES = Object.keys(ENGLISH) as ExtractionWarningCode[];

export function extractionWarningText(warning: ExtractionWarning): string {
  return (ENGLISH[warning.code] as (warning: ExtractionWarning) => string)(warning);
}
