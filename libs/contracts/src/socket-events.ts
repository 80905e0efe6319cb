import type { CrawlProgress } from './crawl';
import type { ErrorCode } from './errors';
import type { ExtractionProgress, ExtractionResponse } from './extraction';
import type { ArchiveProgress } from './media';

/** Room that receives every event of one extraction. */
export const extractionRoom = (extractionId: string) => `extraction:${extractionId}`;

/** Room that receives every event of one crawl. */
export const crawlRoom = (crawlId: string) => `crawl:${crawlId}`;

/** Room that receives the progress of one ZIP download, named by the id the page gave it. */
export const downloadRoom = (downloadId: string) => `download:${downloadId}`;

export const SOCKET_PATH = '/socket.io';

/** Events the server sends to a browser. Shared by the gateway and socket.io-client. */
export interface ServerToClientEvents {
  'extraction:progress': (event: { extractionId: string } & ExtractionProgress) => void;
  'extraction:completed': (event: { extractionId: string; result: ExtractionResponse }) => void;
  /** `message` is the catalogue's English for `code`, which the web words in the visitor's language. */
  'extraction:failed': (event: { extractionId: string; message: string; code: ErrorCode }) => void;
  /** After every change of a crawl: a page found, taken, finished or skipped; the crawl's status. */
  'crawl:progress': (event: CrawlProgress) => void;
  /** After each image of a ZIP the page asked for, and once more when it is finished. */
  'download:progress': (event: ArchiveProgress) => void;
}

/** Events a browser sends. The ack answers whether the extraction exists. */
export interface ClientToServerEvents {
  'extraction:follow': (extractionId: string, ack: (answer: { ok: boolean }) => void) => void;
  'extraction:unfollow': (extractionId: string) => void;
  /** The ack answers whether the crawl exists and is the caller's (as GET /api/crawls/{id} would). */
  'crawl:follow': (crawlId: string, ack: (answer: { ok: boolean }) => void) => void;
  'crawl:unfollow': (crawlId: string) => void;
  /** The download id is the page's own random UUID; the ack answers whether it was one. */
  'download:follow': (downloadId: string, ack: (answer: { ok: boolean }) => void) => void;
  'download:unfollow': (downloadId: string) => void;
}
