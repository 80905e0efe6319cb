import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** Raw HTML in an article is shown as text (html: false); the rendered HTML is sanitised all the same. */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title'], ol: ['start'], code: ['class'] },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // A picture whose address was refused is no picture.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  // Links leaving the site open without handing it our page.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** An article's Markdown body as the HTML the app shows. */
export function renderArticle(source: string): string {
  return sanitizeHtml(markdown.render(source), ARTICLE_HTML);
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read the body, at least one. */
export function readingMinutes(source: string): number {
  const words = source.split(/\s+/).filter((word) => /\w/.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
