/**
 * Seed noise rules (docs/decisions/extractor.md): things a person does not see as a picture. They look
 * at the file name, not the folders (`/loading-dock/bay.jpg` is content), and at the size once it is known.
 */

import { dataUriBytes, dataUriMimeType } from '../image-address/data-uri.util';
import { drawsSomething } from './svg-drawing.util';

/**
 * Extensions of things that are not pictures: scripts, pages, stylesheets, documents, data, fonts, media. Page
 * names are the exception where the page shows the file as a picture (PAGE_EXTENSIONS).
 */
const NOT_IMAGE_EXTENSIONS = new Set([
  'js',
  'mjs',
  'cjs',
  'css',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'json',
  'xml',
  'rss',
  'atom',
  'csv',
  'zip',
  'gz',
  'rar',
  '7z',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'mp4',
  'webm',
  'mp3',
  'ogg',
  'wav',
  'mov',
  'exe',
  'dmg',
  'map',
]);

/**
 * Server scripts answer pages as often as pictures (`timthumb.php?src=…`, `attachment.php?id=…`, `GetImage.aspx`):
 * a page that shows one as a picture means a picture; a link or metadata naming one most likely means a page.
 */
const SERVER_SCRIPT_EXTENSIONS = new Set(['php', 'asp', 'aspx', 'jsp', 'cgi']);
/**
 * A page's name on a file the page shows as a picture is decided by its response, not its name: a hit counter's
 * badge (`/count/entry.html`) answers an image. Measuring drops one that answers a page (image-probe.util).
 */
const PAGE_EXTENSIONS = new Set(['html', 'htm', 'xhtml', 'shtml']);

/**
 * Stand-ins by name: placeholders, loading indicators, "no picture" notices. Theme, plugin and app words before
 * them and sizes, densities, durations, shades or a build hash after them still make a stand-in
 * (`woocommerce-placeholder-300x300`, `app-placeholder`, `bx_loader`, `ajax-loader@2x`, `Spinner-1s-200px`,
 * `loading-DkS3f9aP`); any other word makes content (`fidget-spinner`,
 * `loading-dock`). Matched on the lower-cased stem with its separators made `-`; a prefix may be joined on
 * (`ajaxloader`), a qualifier not, so that a run of digits has one reading only.
 */
// The shapes loading animations come in qualify them, before or after (loading.io's `loader-ring`, `ring-loader`,
// `spinner-dual-ring`, `loading-dots`).
const LOADER_SHAPES =
  '(dual-?)?(ring|rings|circle|circles|dots|bars|ripple|roller|rolling|ellipsis|pulse|wheel|grid|wave|spin|spinning|anim|animated)';
const GENERIC_PREFIXES = [
  'skeleton',
  'woocommerce',
  'woo',
  'wp',
  'default',
  'img',
  'image',
  'ajax',
  'site',
  'theme',
  'generic',
  'loading',
  'lazy',
  'app',
  'page',
  'product',
  'avatar',
  'user',
  'profile',
];
const STAND_IN_WORDS = [
  'placeholder(image)?',
  'spinner',
  'loader',
  'loading',
  'preloader',
  'throbber',
  'shimmer',
  'lazy-?load',
  'no-?(image|img|photo|picture|thumb|thumbnail|avatar)s?(-available)?',
  '(image|photo|picture)-?(coming-soon|not-found|not-available|unavailable)',
  // The picture shown for someone who has none: `default-avatar`, `avatar-default`, `blank-profile-picture`, Gravatar's mystery man.
  '(default|blank|empty|anonymous|generic|missing)-?(avatar|user|profile)(-?(image|img|pic|photo|picture))?',
  '(avatar|user|profile)-?(default|blank|empty|anonymous|missing)',
  'mystery-?man',
];
// A bundler's content hash (`loading-DkS3f9aP`): letters and digits mixed, 6 to 20 of them.
const QUALIFIERS = [
  '\\d+(x\\d+)?(px|x|s|w)?',
  'small',
  'large',
  'white',
  'black',
  'dark',
  'light',
  'gr[ae]y',
  'image',
  'img',
  'icon',
  LOADER_SHAPES,
  '(?=[a-z]*\\d)(?=\\d*[a-z])[a-z\\d]{6,20}',
];
// A library's two-letter namespace leading the name counts as a plugin word too (bxSlider's `bx_loader`, `ui-spinner`).
const STAND_IN_NAME = new RegExp(
  `^([a-z]{2}-)?((${[...GENERIC_PREFIXES, LOADER_SHAPES].join('|')})-?)*(${STAND_IN_WORDS.join('|')})(-(${QUALIFIERS.join('|')}))*$`,
);
/** Spacers and beacons: the whole name only, as these words also name content resized alike (a Pixel phone's `pixel-300x300.jpg`). */
const SPACER_NAME =
  /^(blank|spacer|spacer-?gif|clear|transparent|trans|pixel|1x1|1px|lazy|tracking|tracker|beacon|empty)$/;

/**
 * Emoji drawn as pictures (WordPress's `s.w.org/images/core/emoji/…/1f600.svg`, Twemoji's CDNs): text to a reader.
 * A file named by its code points under a host or folder that says emoji.
 */
const EMOJI_FILE = /^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*\.(svg|png)$/i;
/** A forum's emoji and smilies by name, in a folder of their own (Discourse's `/images/emoji/twitter/beer.png`, phpBB's `/images/smilies/`). */
const EMOJI_FOLDER = /\/(emoji|emojis|smilies|smileys|emoticons)\//i;

/**
 * An image service asked for a blurred copy: a blur-up preview the real picture replaces. IPX's `blur_3` and
 * Cloudinary's `e_blur:1000` in the path, imgix's and Sanity's `?blur=50`.
 */
const BLUR_TRANSFORM = /(?:^|[/,&])(?:e_blur(?::\d+)?|blur_\d{1,3})(?=[/,&]|$)/;

/** Hosts and paths of well-known tracking pixels. */
const TRACKERS = [
  /(^|\.)facebook\.com$/,
  /(^|\.)google-analytics\.com$/,
  /(^|\.)doubleclick\.net$/,
  /(^|\.)googletagmanager\.com$/,
  /(^|\.)bat\.bing\.com$/,
  /(^|\.)scorecardresearch\.com$/,
  /(^|\.)quantserve\.com$/,
  /(^|\.)analytics\.twitter\.com$/,
  /(^|\.)t\.co$/,
  /(^|\.)pixel\.wp\.com$/,
  /(^|\.)stats\.wp\.com$/,
];
const TRACKING_FILE = /^(tr|pixel|beacon|collect|track|impression|analytics)(\.gif)?$/i;
/** Real picture formats: a tracking host or path serving one of these is still shown as a picture. */
const PICTURE_FILE = /\.(jpe?g|png|webp|avif|svg)$/i;

/**
 * Why a URL is not an image, or undefined when it may well be one. `shown`: the page displays it as a picture (an
 * <img>, a background, an image response), rather than naming it in a link or metadata.
 */
export function noiseReasonOfUrl(url: string, shown = false): string | undefined {
  if (url.startsWith('data:')) return isStandInDrawing(url) ? 'stand-in drawing' : undefined;
  const parsed = new URL(url);
  if ((parsed.pathname === '/' || parsed.pathname === '') && !parsed.search) return 'bare host';
  const file = decodeSafely(parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1));
  const dot = file.lastIndexOf('.');
  const extension = dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
  const stem = dot > 0 ? file.slice(0, dot) : file;
  if (
    NOT_IMAGE_EXTENSIONS.has(extension) ||
    (!shown && (SERVER_SCRIPT_EXTENSIONS.has(extension) || PAGE_EXTENSIONS.has(extension)))
  )
    return 'not an image file';
  if (isStandInName(stem)) return 'placeholder or tracking image';
  if (BLUR_TRANSFORM.test(parsed.pathname) || Number(parsed.searchParams.get('blur')) > 0) return 'blurred preview';
  const folders = parsed.pathname.slice(0, -file.length);
  if ((EMOJI_FILE.test(file) && /emoji/i.test(parsed.hostname + folders)) || EMOJI_FOLDER.test(folders)) return 'emoji';
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

/** Stand-in SVGs are a few hundred bytes (a blur-up preview embeds a tiny JPEG): a longer one is a drawing, unread. */
const MAX_STAND_IN_SVG_LENGTH = 32 * 1024;

/** An SVG data: URI drawing nothing: a layout sizer (Gatsby, lazy loaders) or a blur-up preview (Next.js). */
function isStandInDrawing(url: string): boolean {
  return (
    url.length <= MAX_STAND_IN_SVG_LENGTH &&
    dataUriMimeType(url) === 'image/svg+xml' &&
    !drawsSomething(dataUriBytes(url)?.toString('utf8') ?? '', true)
  );
}

function isStandInName(stem: string): boolean {
  const name = stem.toLowerCase().replace(/[-_.@ ]+/g, '-');
  return STAND_IN_NAME.test(name) || SPACER_NAME.test(name);
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
