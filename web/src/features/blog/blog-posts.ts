import type { BlogPost } from '@pixtract/contracts';
import MiniSearch from 'minisearch';

/** The seed: card descriptions are cut at 120 characters, related articles' at 100, and three are related. */
export const CARD_DESCRIPTION_LENGTH = 120;
export const RELATED_DESCRIPTION_LENGTH = 100;
const RELATED_POSTS = 3;

/** `text` cut at `max` characters, at a word boundary where there is one, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** Every tag in use, in order of first appearance (newest articles first). */
export const tagsOf = (posts: BlogPost[]): string[] => [...new Set(posts.flatMap((post) => post.tags))];

/** A word in the title counts most, then in the tags, then the description, then the body. */
const FIELD_WEIGHTS = { title: 4, tags: 3, description: 2, body: 1 };

/** One index per list of articles (the API's answer is one array for as long as it is cached). */
const indexes = new WeakMap<BlogPost[], MiniSearch>();

function indexOf(posts: BlogPost[]): MiniSearch {
  let index = indexes.get(posts);
  if (!index) {
    index = new MiniSearch({
      idField: 'slug',
      fields: Object.keys(FIELD_WEIGHTS),
      extractField: (post: BlogPost, field) =>
        field === 'tags'
          ? post.tags.join(' ').replace(/-/g, ' ')
          : field === 'body'
            ? post.content.replace(/<[^>]+>/g, ' ')
            : String(post[field as keyof BlogPost]),
      // Typing goes word by word: the last one may be half typed; a slip of a letter in a long word (5 letters or
      // more) still finds it. Short words must match as typed, or "no article says this" would find articles.
      searchOptions: {
        boost: FIELD_WEIGHTS,
        prefix: (_term, index, terms) => index === terms.length - 1,
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
        combineWith: 'AND',
      },
    });
    index.addAll(posts);
    indexes.set(posts, index);
  }
  return index;
}

/**
 * The articles with `tag` (all without one); with a `query`, those holding every one of its words (a prefix or a
 * near spelling counts), best match first (MiniSearch's relevance with the weights above), else newest first.
 */
export function searchPosts(posts: BlogPost[], query: string, tag: string | null): BlogPost[] {
  const tagged = (post: BlogPost) => !tag || post.tags.includes(tag);
  if (!query.trim()) return posts.filter(tagged);
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  return indexOf(posts)
    .search(query)
    .map((hit) => bySlug.get(hit.id as string)!)
    .filter(tagged);
}

/** Three other articles, those sharing the most tags first, then the newest. */
export function relatedPosts(posts: BlogPost[], post: BlogPost): BlogPost[] {
  const shared = (other: BlogPost) => other.tags.filter((tag) => post.tags.includes(tag)).length;
  return posts
    .filter((other) => other.slug !== post.slug)
    .map((other, order) => ({ other, shared: shared(other), order }))
    .sort((a, b) => b.shared - a.shared || a.order - b.order)
    .slice(0, RELATED_POSTS)
    .map(({ other }) => other);
}
