import type { ArchiveImage, ArchiveProgress, ExtractedFile, ServerToClientEvents } from '@pixtract/contracts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ExtractionSocket, RootState, StoreExtra } from '../../app/store';
import { noticeShown } from '../notice/notice.slice';
import type { DownloadSettings } from './download-settings';

const ARCHIVE_PATH = '/api/download-images';
/** The seed: a progress toast every 10 images, each kept 60 s. */
export const ARCHIVE_PROGRESS_STEP = 10;
export const ARCHIVE_PROGRESS_NOTICE_MS = 60_000;
/** How long the download waits for its socket room before starting without progress. */
const FOLLOW_WAIT_MS = 2_000;

/** Joins the download's room; false when the socket did not confirm in time (the download goes ahead anyway). */
function follow(socket: ExtractionSocket, downloadId: string): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), FOLLOW_WAIT_MS);
    socket.emit('download:follow', downloadId, ({ ok }) => {
      clearTimeout(timer);
      resolve(ok);
    });
  });
}

/**
 * A crawl's ZIP: the crawl's id, whether each page gets a folder of its own, and the page the gallery shows (its
 * images found on other pages too are filed under it).
 */
export interface CrawlArchive {
  crawlId: string;
  folders: boolean;
  pageUrl?: string;
}

/**
 * The seed's form post of `imageUrls` (JSON) and `sourceUrl` — or a crawl's id, the chosen addresses and the layout —
 * with the download's id. The answer is an attachment, so the browser saves it while the page stays where it is.
 */
function postArchiveForm(fields: Array<[string, string]>, downloadId: string | undefined): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = ARCHIVE_PATH;
  form.hidden = true;
  if (downloadId) fields.push(['downloadId', downloadId]);
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}

/** The toast one progress event earns: every 10th image, and the end with its success percentage. */
function progressNotice({ written, failed, total, finished }: ArchiveProgress) {
  if (finished) {
    const percent = total === 0 ? 0 : Math.round((written / total) * 100);
    return noticeShown({
      title: 'download.finishedTitle',
      description: failed === 0 ? 'download.finishedText' : 'download.finishedWithFailures',
      values: { count: total, written, percent },
      tone: failed === 0 ? 'success' : 'warning',
    });
  }
  const done = written + failed;
  if (done === 0 || done % ARCHIVE_PROGRESS_STEP !== 0) return null;
  return noticeShown({
    title: 'download.progressTitle',
    description: 'download.progressText',
    values: { count: total, done },
    tone: 'info',
    duration: ARCHIVE_PROGRESS_NOTICE_MS,
  });
}

/**
 * Downloads `files` as one streamed ZIP, telling its progress as toasts: the socket follows the download's id
 * (see docs/decisions/media.md), then the form is posted with it. With `crawl`, only the files' addresses are
 * sent: the server takes the rest, the pages of each included, from the stored crawl.
 */
export function downloadArchive(
  files: ExtractedFile[],
  sourceUrl: string,
  settings: DownloadSettings,
  crawl?: CrawlArchive,
): ThunkAction<Promise<void>, RootState, StoreExtra, UnknownAction> {
  return async (dispatch, _getState, extra) => {
    const images: ArchiveImage[] = files.map(({ fileUrl, alt, width, height, variants }) => ({
      fileUrl,
      alt,
      width,
      height,
      // The page's other renditions: one already in the asked format is taken instead of converting.
      ...(settings.format !== 'original' && variants?.length && { variants }),
    }));
    const fields: Array<[string, string]> = crawl
      ? [
          ['crawlId', crawl.crawlId],
          ['imageUrls', JSON.stringify(files.map((file) => file.fileUrl))],
          ['folders', String(crawl.folders)],
          ...(crawl.pageUrl ? [['pageUrl', crawl.pageUrl] as [string, string]] : []),
        ]
      : [
          ['imageUrls', JSON.stringify(images)],
          ['sourceUrl', sourceUrl],
        ];
    fields.push(['naming', settings.naming]);
    if (settings.format !== 'original') fields.push(['format', settings.format]);
    const socket = extra.socket();
    const downloadId = crypto.randomUUID();
    const followed = await follow(socket, downloadId);
    if (followed) {
      const onProgress: ServerToClientEvents['download:progress'] = (progress) => {
        if (progress.downloadId !== downloadId) return;
        const notice = progressNotice(progress);
        if (notice) dispatch(notice);
        if (!progress.finished) return;
        socket.off('download:progress', onProgress);
        socket.emit('download:unfollow', downloadId);
      };
      socket.on('download:progress', onProgress);
    }
    dispatch(
      noticeShown({
        title: 'download.startedTitle',
        description: 'download.startedText',
        values: { count: files.length },
        tone: 'success',
      }),
    );
    postArchiveForm(fields, followed ? downloadId : undefined);
  };
}
