import type { CrawlFile, CrawlPage, CrawlProgress, CrawlView } from '@pixtract/contracts';

import { SETTLED_CRAWL_STATUSES, isCrawlSettled } from '@pixtract/contracts';

export { isCrawlSettled };

/** The pages' addresses for the Page filter: the pages read that gave images, in the order found. */
export const pagesWithImages = (pages: CrawlPage[]): string[] =>
  pages.filter((page) => page.imageCount > 0).map((page) => page.url);

function upsertPage(pages: CrawlPage[], page: CrawlPage): void {
  const at = pages.findIndex((each) => each.url === page.url);
  if (at === -1) pages.push(page);
  else pages[at] = page;
}

/** A file already in the list keeps its place (selection and tile numbers hold) and takes its longer page list. */
function upsertFile(files: CrawlFile[], file: CrawlFile): void {
  const at = files.findIndex((each) => each.fileUrl === file.fileUrl);
  if (at === -1) files.push(file);
  else files[at] = file;
}

/**
 * One `crawl:progress` event applied to the crawl's view (an Immer draft): its counts and status, the page that
 * changed, the pages it found, the files it added or extended, and the limits and warnings once it sends them. A
 * settled view ignores a late event of the running crawl.
 */
export function withCrawlProgress(view: CrawlView, progress: CrawlProgress): void {
  if (isCrawlSettled(view) && !SETTLED_CRAWL_STATUSES.includes(progress.status)) return;
  const { page, pagesAdded, files, limits, warnings, warningDetails, ...counts } = progress;
  Object.assign(view, counts);
  for (const url of pagesAdded ?? [])
    if (!view.pages.some((each) => each.url === url))
      view.pages.push({ url, status: 'queued', imageCount: 0, depth: (page?.depth ?? 0) + 1 });
  if (page) upsertPage(view.pages, page);
  for (const file of files ?? []) upsertFile(view.files, file);
  if (limits) view.limits = limits;
  if (warnings) view.warnings = warnings;
  if (warningDetails) view.warningDetails = warningDetails;
}

/**
 * A fresh GET against what the socket built: a settled view is never replaced by an older running one (a GET sent
 * before the last event), otherwise the server's view stands.
 */
export const newerCrawlView = (current: CrawlView, incoming: CrawlView): CrawlView =>
  isCrawlSettled(current) && !isCrawlSettled(incoming) ? current : incoming;
