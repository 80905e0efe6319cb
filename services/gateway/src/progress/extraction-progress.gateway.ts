import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  ClientToServerEvents,
  ERROR_MESSAGES,
  ErrorCode,
  ExtractionProgress,
  ExtractionResponse,
  SOCKET_PATH,
  ServerToClientEvents,
  extractionRoom,
} from '@pixtract/contracts';
import type { Server, Socket } from 'socket.io';
import { AuthClient } from '../account/auth.client';
import { ExtractionRepository } from '../extraction/extraction.repository';
import { isExtractionId } from '../extraction/extraction-id';
import { mayRead } from '../extraction/extraction-reader';

/**
 * Browsers follow an extraction by joining its room. Progress comes from the queue's event stream,
 * which every gateway replica receives, so each replica emits it only to its own sockets (`local`);
 * completion and failure are decided by exactly one replica and go through the Redis adapter.
 */
@WebSocketGateway({ path: SOCKET_PATH, serveClient: false })
export class ExtractionProgressGateway {
  @WebSocketServer()
  private readonly server!: Server<ClientToServerEvents, ServerToClientEvents>;

  constructor(
    private readonly repository: ExtractionRepository,
    private readonly auth: AuthClient,
  ) {}

  /**
   * Joins the extraction's room — its owner only, known by the cookies the socket's handshake carried (the
   * address plays no part in who owns what). Anyone else — and anyone while auth cannot be asked — is answered as
   * for an unknown extraction.
   */
  @SubscribeMessage('extraction:follow')
  async follow(@ConnectedSocket() socket: Socket, @MessageBody() extractionId: unknown): Promise<{ ok: boolean }> {
    const extraction = isExtractionId(extractionId) ? await this.repository.find(extractionId) : null;
    if (!extraction) return { ok: false };
    const identified = await this.auth
      .identifyBy(socket.handshake.headers.cookie, socket.handshake.address)
      .catch(() => null);
    if (!identified || !mayRead(identified.caller, extraction)) return { ok: false };
    await socket.join(extractionRoom(extraction.id));
    return { ok: true };
  }

  @SubscribeMessage('extraction:unfollow')
  async unfollow(@ConnectedSocket() socket: Socket, @MessageBody() extractionId: unknown): Promise<void> {
    if (isExtractionId(extractionId)) await socket.leave(extractionRoom(extractionId));
  }

  progress(extractionId: string, progress: ExtractionProgress): void {
    this.server.local.to(extractionRoom(extractionId)).emit('extraction:progress', { extractionId, ...progress });
  }

  completed(extractionId: string, result: ExtractionResponse): void {
    this.server.to(extractionRoom(extractionId)).emit('extraction:completed', { extractionId, result });
  }

  failed(extractionId: string, code: ErrorCode): void {
    this.server
      .to(extractionRoom(extractionId))
      .emit('extraction:failed', { extractionId, message: ERROR_MESSAGES[code], code });
  }
}
