/**
 * What a link to a gallery's next page says, in the nine languages of the site (en, zh, ja, es, fr, de, ru, ko,
 * ar), alone or beside one of the arrows used for it ("Suivant ›", "« التالي"). Compared with the link's text,
 * aria-label or title, lower case, whole once the arrows are set aside.
 */
const NEXT_WORDS = new Set([
  'next',
  'next page',
  'older posts',
  'load more',
  '下一页',
  '下页',
  '后页',
  '下一頁',
  '次へ',
  '次のページ',
  '次',
  'siguiente',
  'página siguiente',
  'suivant',
  'suivante',
  'page suivante',
  'weiter',
  'nächste',
  'nächste seite',
  'далее',
  'следующая',
  'следующая страница',
  'вперёд',
  'вперед',
  '다음',
  '다음 페이지',
  'التالي',
  'الصفحة التالية',
]);

/** Arrows that say Next on their own; beside a word they may point either way (right to left pages point left). */
const NEXT_ARROWS = new Set(['›', '»', '→', '>', '>>', '❯', '⟩', '〉']);
const ARROWS_AROUND = /^[\s›»→>❯⟩〉‹«←<❮⟨〈]+|[\s›»→>❯⟩〉‹«←<❮⟨〈]+$/g;

export function saysNext(text: string | undefined): boolean {
  if (!text) return false;
  const said = text.replace(/\s+/g, ' ').trim().toLowerCase();
  if (NEXT_ARROWS.has(said)) return true;
  return NEXT_WORDS.has(said.replace(ARROWS_AROUND, ''));
}

/** `?page=N` (also `p`, `pg`, `paged`) and `/page/N/`: the page number an address names, 1 when it names none. */
const PAGE_PARAMETERS = ['page', 'p', 'pg', 'paged'];
const PAGE_IN_PATH = /\/page\/(\d+)\/?$/;

/** `/gallery` and `/gallery/` are one gallery: its first page often has no number, the next `/gallery?page=2`. */
const withSlash = (pathname: string) => pathname.replace(/\/?$/, '/');

function pageNumberOf(url: URL): { number: number; shape: string } {
  for (const name of PAGE_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value !== null && /^\d+$/.test(value)) {
      const rest = new URL(url);
      rest.searchParams.delete(name);
      return { number: Number(value), shape: `${rest.origin}${withSlash(rest.pathname)}?${rest.searchParams}` };
    }
  }
  const inPath = PAGE_IN_PATH.exec(url.pathname);
  if (inPath)
    return {
      number: Number(inPath[1]),
      shape: `${url.origin}${url.pathname.replace(PAGE_IN_PATH, '/')}?${url.searchParams}`,
    };
  return { number: 1, shape: `${url.origin}${withSlash(url.pathname)}?${url.searchParams}` };
}

/** `candidate` is the page after `current` by the `?page=N` or `/page/N/` pattern. */
export function isFollowingPage(current: string, candidate: string): boolean {
  const here = pageNumberOf(new URL(current));
  const there = new URL(candidate);
  const named =
    PAGE_PARAMETERS.some((name) => /^\d+$/.test(there.searchParams.get(name) ?? '')) ||
    PAGE_IN_PATH.test(there.pathname);
  if (!named) return false;
  const next = pageNumberOf(there);
  return next.number === here.number + 1 && next.shape === here.shape;
}
