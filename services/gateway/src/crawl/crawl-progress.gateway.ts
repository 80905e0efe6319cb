import { OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  ClientToServerEvents,
  CrawlFile,
  CrawlProgress,
  ExtractedFile,
  Limits,
  SOCKET_PATH,
  ServerToClientEvents,
  crawlRoom,
  crawlWarningText,
} from '@pixtract/contracts';
import type { Server, Socket } from 'socket.io';
import { AuthClient } from '../account/auth.client';
import { mayRead } from '../extraction/extraction-reader';
import { isCrawlId } from './crawl-id';
import { CrawlRepository } from './crawl.repository';
import { pageView } from './crawl-view';

/** What changed, for the event: the page (by id), the files it added, the limits charged, the pages it found. */
export interface CrawlChange {
  page?: string;
  files?: ExtractedFile[];
  limits?: Limits;
  pagesAdded?: string[];
}

/**
 * Browsers follow a crawl by joining its room (its owner only, as for an extraction). Each event is decided by one
 * replica (the one whose write changed the crawl) and goes through the Redis adapter to every replica's sockets.
 */
@WebSocketGateway({ path: SOCKET_PATH, serveClient: false })
export class CrawlProgressGateway implements OnModuleDestroy {
  @WebSocketServer()
  private readonly server!: Server<ClientToServerEvents, ServerToClientEvents>;
  /** Once the app is closing, the adapter's Redis connections go: a page finished then is told by the sweep's next run. */
  private closing = false;

  constructor(
    private readonly repository: CrawlRepository,
    private readonly auth: AuthClient,
  ) {}

  @SubscribeMessage('crawl:follow')
  async follow(@ConnectedSocket() socket: Socket, @MessageBody() crawlId: unknown): Promise<{ ok: boolean }> {
    const crawl = isCrawlId(crawlId) ? await this.repository.find(crawlId) : null;
    if (!crawl) return { ok: false };
    const identified = await this.auth
      .identifyBy(socket.handshake.headers.cookie, socket.handshake.address)
      .catch(() => null);
    if (!identified || !mayRead(identified.caller, crawl)) return { ok: false };
    await socket.join(crawlRoom(crawl.id));
    return { ok: true };
  }

  @SubscribeMessage('crawl:unfollow')
  async unfollow(@ConnectedSocket() socket: Socket, @MessageBody() crawlId: unknown): Promise<void> {
    if (isCrawlId(crawlId)) await socket.leave(crawlRoom(crawlId));
  }

  onModuleDestroy(): void {
    this.closing = true;
  }

  /** The crawl's counts as they stand, with what changed. */
  async publish(crawlId: string, change: CrawlChange): Promise<void> {
    if (this.closing) return;
    const crawl = await this.repository.find(crawlId);
    if (!crawl) return;
    const [counts, reading, page] = await Promise.all([
      this.repository.countsOf(crawlId),
      this.repository.reading(crawlId),
      change.page ? this.repository.findPage(change.page) : null,
    ]);
    const event: CrawlProgress = {
      crawlId,
      status: crawl.status,
      pagesDone: counts.done,
      pagesFailed: counts.failed,
      pagesFound: counts.found,
      imagesFound: crawl.imagesFound,
      reading,
      ...(page && { page: pageView(page) }),
      ...(change.pagesAdded?.length && { pagesAdded: change.pagesAdded }),
      ...(change.files?.length && { files: await this.withPages(crawlId, change.files) }),
      ...(change.limits && { limits: change.limits }),
      ...(crawl.warningDetails.length > 0 && {
        warnings: crawl.warningDetails.map(crawlWarningText),
        warningDetails: crawl.warningDetails,
      }),
    };
    if (!this.closing) this.server.to(crawlRoom(crawlId)).emit('crawl:progress', event);
  }

  /** The page's files, each with every page of the crawl it is on so far. */
  private async withPages(crawlId: string, files: ExtractedFile[]): Promise<CrawlFile[]> {
    const pagesOf = await this.repository.pagesOfAddresses(
      crawlId,
      files.map((file) => file.fileUrl),
    );
    return files.map((file) => ({ ...file, pageUrls: pagesOf.get(file.fileUrl) ?? [] }));
  }
}
