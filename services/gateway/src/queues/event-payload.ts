/** A queue event's payload: Redis streams carry it as JSON text (undefined when it is not JSON). */
export function fromEventPayload(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
