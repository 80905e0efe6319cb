import { Transform, type TransformCallback } from 'node:stream';

/**
 * Holds back the first `size` bytes of a body (or all of it, if shorter) until they can be judged, then lets
 * everything through unchanged. `head` settles with those bytes, or rejects with the body's error.
 */
export class SignatureGate extends Transform {
  readonly head: Promise<Buffer>;
  private readonly held: Buffer[] = [];
  private heldBytes = 0;
  private released = false;
  private settle!: { resolve: (head: Buffer) => void; reject: (error: Error) => void };

  constructor(private readonly size: number) {
    super();
    this.head = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    // The verdict is awaited by whoever asked; an unobserved rejection here must not crash the process.
    this.head.catch(() => undefined);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.released) return callback(null, chunk);
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes >= this.size) this.release();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (!this.released) this.release();
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    if (!this.released) this.settle.reject(error ?? new Error('body closed before its first bytes'));
    callback(error);
  }

  private release(): void {
    this.released = true;
    // Usually one network chunk holds the whole signature: passing it on as it is copies nothing.
    const head = this.held.length === 1 ? this.held[0] : Buffer.concat(this.held, this.heldBytes);
    this.held.length = 0;
    this.push(head);
    this.settle.resolve(head);
  }
}
