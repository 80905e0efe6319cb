import type { BlogPost } from '@pixtract/contracts';

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

/** The articles with `tag` (all without one) holding every word of `query` in their title, description, tags or body. */
export function searchPosts(posts: BlogPost[], query: string, tag: string | null): BlogPost[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return posts.filter((post) => {
    if (tag && !post.tags.includes(tag)) return false;
    const text = [post.title, post.description, post.tags.join(' '), post.content.replace(/<[^>]+>/g, ' ')]
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
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
