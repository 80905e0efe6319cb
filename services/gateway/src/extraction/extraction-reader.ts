import type { Caller } from '@pixtract/contracts';
import type { ExtractionEntity } from './extraction.entity';

/** Who asks to read an extraction, as auth identified them. */
export type ExtractionReader = Pick<Caller, 'subject' | 'userId' | 'visitorSubject'>;

/**
 * The owner alone reads an extraction: the signed-in user who asked for it, or the browser (its visitor) that
 * asked — also once that browser has signed in, so a result made before signing in stays its own. Anyone else
 * is told there is no such extraction, as for an unknown id.
 */
export function mayRead(
  reader: ExtractionReader,
  extraction: Pick<ExtractionEntity, 'ownerSubject' | 'ownerUserId'>,
): boolean {
  if (extraction.ownerSubject === reader.subject || extraction.ownerSubject === reader.visitorSubject) return true;
  return reader.userId !== null && extraction.ownerUserId === reader.userId;
}
