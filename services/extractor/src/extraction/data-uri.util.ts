/** The bytes of a data: URI (base64 or percent-encoded). */
export function dataUriBytes(uri: string): Buffer | undefined {
  const comma = uri.indexOf(',');
  if (comma < 0) return undefined;
  const meta = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  try {
    return /;base64$/i.test(meta) ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  } catch {
    return undefined;
  }
}
