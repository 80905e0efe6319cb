import type { ErrorCode } from './errors';
import type { ExtractionProgress, ExtractionResponse } from './extraction';

/** Room that receives every event of one extraction. */
export const extractionRoom = (extractionId: string) => `extraction:${extractionId}`;

export const SOCKET_PATH = '/socket.io';

/** Events the server sends to a browser. Shared by the gateway and socket.io-client. */
export interface ServerToClientEvents {
  'extraction:progress': (event: { extractionId: string } & ExtractionProgress) => void;
  'extraction:completed': (event: { extractionId: string; result: ExtractionResponse }) => void;
  /** `message` is the catalogue's English for `code`, which the web words in the visitor's language. */
  'extraction:failed': (event: { extractionId: string; message: string; code: ErrorCode }) => void;
}

/** Events a browser sends. The ack answers whether the extraction exists. */
export interface ClientToServerEvents {
  'extraction:follow': (extractionId: string, ack: (answer: { ok: boolean }) => void) => void;
  'extraction:unfollow': (extractionId: string) => void;
}
