import { LANGUAGE_TAGS, LANGUAGES, localisedPath, textDirection, type Language } from '@pixtract/contracts';

/** What the <head> of one page in one language says. */
export interface PageHead {
  language: Language;
  title: string;
  description: string;
  /** The unprefixed path of a page that search engines may list: its canonical and hreflang addresses. */
  indexedPath?: string;
  type: 'website' | 'article';
  /** Absolute address of the page's picture (an article's illustration). */
  image?: string;
  /** An article's publication day. */
  publishedOn?: string;
}

const SITE_NAME = 'Pixtract';

/** The parts of the built index.html a head is written into; a build without them is refused at start. */
const TEMPLATE_PARTS = {
  html: /<html\b[^>]*>/,
  title: /<title>[\s\S]*?<\/title>/,
  description: /<meta\s+name="description"[^>]*>/,
  end: /<\/head>/,
};

export function checkTemplate(template: string): void {
  const missing = Object.entries(TEMPLATE_PARTS).filter(([, part]) => !part.test(template));
  if (missing.length > 0)
    throw new Error(`index.html lacks ${missing.map(([name]) => name).join(', ')}: cannot write page heads into it`);
}

/**
 * The app's index.html with the page's head: <html lang dir> (so an Arabic page is right to left before any script
 * runs), title, description, canonical and hreflang addresses, robots, Open Graph and Twitter card tags.
 */
export function renderPage(template: string, head: PageHead, origin: string): string {
  return template
    .replace(TEMPLATE_PARTS.html, (tag) => htmlTag(tag, head.language))
    .replace(TEMPLATE_PARTS.title, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(TEMPLATE_PARTS.description, () => meta('name', 'description', head.description))
    .replace(TEMPLATE_PARTS.end, () => `${headTags(head, origin).join('\n    ')}\n  </head>`);
}

function htmlTag(tag: string, language: Language): string {
  const others = tag.replace(/^<html/, '').replace(/\s(lang|dir)="[^"]*"/g, '');
  return `<html lang="${LANGUAGE_TAGS[language]}" dir="${textDirection(language)}"${others}`;
}

function headTags(head: PageHead, origin: string): string[] {
  const address = (language: Language) => `${origin}${localisedPath(language, head.indexedPath ?? '/')}`;
  const tags: string[] = [];
  if (head.indexedPath === undefined) tags.push(meta('name', 'robots', 'noindex'));
  else {
    tags.push(link('canonical', address(head.language)));
    for (const language of LANGUAGES) tags.push(link('alternate', address(language), LANGUAGE_TAGS[language]));
    tags.push(link('alternate', address('en'), 'x-default'));
  }
  tags.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:locale', LANGUAGE_TAGS[head.language].replace('-', '_')),
  );
  if (head.indexedPath !== undefined) tags.push(meta('property', 'og:url', address(head.language)));
  if (head.image) tags.push(meta('property', 'og:image', head.image));
  if (head.publishedOn) tags.push(meta('property', 'article:published_time', head.publishedOn));
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  return tags;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

const link = (rel: string, href: string, hreflang?: string) =>
  `<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="${escapeHtml(href)}" />`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
