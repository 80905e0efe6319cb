/**
 * Seed noise rules (docs/decisions.md "Extraction engine"): things a person does not see as a picture. They look
 * at the file name, not the folders (`/loading-dock/bay.jpg` is content), and at the size once it is known.
 */

/** Extensions of things that are not pictures: scripts, pages, stylesheets, documents, data, fonts, media. */
const NOT_IMAGE_EXTENSIONS = new Set(['js', 'mjs', 'cjs', 'css', 'html', 'htm', 'xhtml', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'json', 'xml', 'rss', 'atom', 'csv', 'zip', 'gz', 'rar', '7z', 'woff', 'woff2', 'ttf', 'otf', 'eot', 'mp4', 'webm', 'mp3', 'ogg', 'wav', 'mov', 'exe', 'dmg', 'map']);

/**
 * Server scripts answer pages as often as pictures (`timthumb.php?src=…`, `attachment.php?id=…`, `GetImage.aspx`):
 * a page that shows one as a picture means a picture; a link or metadata naming one most likely means a page.
 */
const SERVER_SCRIPT_EXTENSIONS = new Set(['php', 'asp', 'aspx', 'jsp', 'cgi']);

/** File names (without extension) of stand-ins and beacons. */
const NOISE_NAME = /^(placeholder|placeholder[-_]?image|img[-_]?placeholder|blank|spacer|clear|transparent|trans|pixel|1x1|1px|spinner|loader|loading|ajax[-_]?loader|preloader|lazy|lazyload|lazy[-_]placeholder|tracking|tracker|beacon|spacer[-_]?gif|empty)$/i;

/** Hosts and paths of well-known tracking pixels. */
const TRACKERS = [/(^|\.)facebook\.com$/, /(^|\.)google-analytics\.com$/, /(^|\.)doubleclick\.net$/, /(^|\.)googletagmanager\.com$/, /(^|\.)bat\.bing\.com$/, /(^|\.)scorecardresearch\.com$/, /(^|\.)quantserve\.com$/, /(^|\.)analytics\.twitter\.com$/, /(^|\.)t\.co$/, /(^|\.)pixel\.wp\.com$/, /(^|\.)stats\.wp\.com$/];
const TRACKING_FILE = /^(tr|pixel|beacon|collect|track|impression|analytics)(\.gif)?$/i;
/** Real picture formats: a tracking host or path serving one of these is still shown as a picture. */
const PICTURE_FILE = /\.(jpe?g|png|webp|avif|svg)$/i;

/**
 * Why a URL is not an image, or undefined when it may well be one. `shown`: the page displays it as a picture (an
 * <img>, a background, an image response), rather than naming it in a link or metadata.
 */
export function noiseReasonOfUrl(url: string, shown = false): string | undefined {
  if (url.startsWith('data:')) return undefined;
  const parsed = new URL(url);
  if ((parsed.pathname === '/' || parsed.pathname === '') && !parsed.search) return 'bare host';
  const file = decodeSafely(parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1));
  const dot = file.lastIndexOf('.');
  const extension = dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
  const stem = dot > 0 ? file.slice(0, dot) : file;
  if (NOT_IMAGE_EXTENSIONS.has(extension) || (!shown && SERVER_SCRIPT_EXTENSIONS.has(extension))) return 'not an image file';
  if (NOISE_NAME.test(stem)) return 'placeholder or tracking image';
  if (PICTURE_FILE.test(file)) return undefined;
  if (TRACKERS.some((host) => host.test(parsed.hostname))) return 'tracking host';
  if (TRACKING_FILE.test(file)) return 'tracking image';
  return undefined;
}

/** Pixels, hairlines and specks: no side longer than 8 px, or a side of 1-2 px. */
export function isNoiseSize(width: number | undefined, height: number | undefined): boolean {
  if (width === undefined || height === undefined) return false;
  return Math.min(width, height) <= 2 || Math.max(width, height) <= 8;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
