const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Extraction ids are UUIDs; anything else cannot name one (and never reaches a query). */
export const isExtractionId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
