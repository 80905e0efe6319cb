import { Transform, type TransformCallback } from 'node:stream';

/** Pieces smaller than this are gathered until this many bytes are waiting; larger chunks pass as they are. */
const BATCH_BYTES = 16 * 1024;

/**
 * zip-stream writes each header field on its own (some thirty writes of 2 to 300 bytes per entry, and as many per
 * entry again in the central directory); sent as they come, each would be its own HTTP chunk with its own framing
 * and its own trip through the socket. Gathered, an entry's headers leave in one write. Only the small pieces are
 * copied: image data chunks go through untouched.
 */
export class SmallWriteBatcher extends Transform {
  private waiting: Buffer[] = [];
  private waitingBytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (chunk.length >= BATCH_BYTES) {
      this.release();
      return callback(null, chunk);
    }
    this.waiting.push(chunk);
    this.waitingBytes += chunk.length;
    if (this.waitingBytes >= BATCH_BYTES) this.release();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.release();
    callback();
  }

  private release(): void {
    if (this.waiting.length === 0) return;
    this.push(this.waiting.length === 1 ? this.waiting[0] : Buffer.concat(this.waiting, this.waitingBytes));
    this.waiting = [];
    this.waitingBytes = 0;
  }
}
