import { normaliseCrawlUrl, normaliseExtractionUrl, type ErrorCode } from '@pixtract/contracts';

/** A line of the list that is not a web address: its 1-based number and the catalogue's reason. */
export interface AddressLineProblem {
  line: number;
  code: ErrorCode;
}

export interface AddressListCheck {
  /** The addresses to crawl, normalised as the crawl keeps them (https:// added), each once, in the list's order. */
  urls: string[];
  problems: AddressLineProblem[];
  /** More addresses than the plan reads in one crawl. */
  tooMany: boolean;
}

/**
 * The *A list of addresses* box: one address a line, blank lines ignored, each checked as the address box checks
 * one, repeats counted once; at most `limit` (the plan's pages per crawl).
 */
export function checkAddressList(text: string, limit: number): AddressListCheck {
  const urls: string[] = [];
  const problems: AddressLineProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (!raw.trim()) return;
    const check = normaliseExtractionUrl(raw);
    if (!check.ok) problems.push({ line: index + 1, code: check.code });
    else {
      // The crawl's own address of the page: a tracking tag or a fragment does not make another page.
      const url = normaliseCrawlUrl(check.url) ?? check.url;
      if (!urls.includes(url)) urls.push(url);
    }
  });
  return { urls, problems, tooMany: urls.length > limit };
}
