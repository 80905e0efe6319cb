import type { Request } from 'express';

/**
 * The origin absolute links of the site are written with: PUBLIC_URL when the operators set it, else the address the
 * request came to (its scheme as TRUST_PROXY lets express believe it). A Host header that is no host gives localhost.
 */
export function siteOrigin(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const candidate = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  return URL.canParse(candidate) ? new URL(candidate).origin : 'http://localhost';
}
