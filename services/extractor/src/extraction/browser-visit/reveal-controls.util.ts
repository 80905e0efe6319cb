import type { Page } from 'playwright-core';
import type { PageActivity } from '../../browser/page-activity';
import { waitUntilQuiet } from './page-settle.util';
import { pageNow } from '../../browser/page-clock';

/** The accept buttons of the common consent platforms, by their own ids and classes. */
export const CONSENT_ACCEPT_SELECTORS = [
  '#onetrust-accept-btn-handler',
  '#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll',
  '#CybotCookiebotDialogBodyButtonAccept',
  '#didomi-notice-agree-button',
  '#truste-consent-button',
  '.qc-cmp2-summary-buttons button[mode="primary"]',
  '[data-testid="uc-accept-all-button"]',
  '.osano-cm-accept-all',
  '.cky-btn-accept',
  '.cmplz-accept',
  '#cn-accept-cookie',
  '.cm-btn-accept-all',
  '.iubenda-cs-accept-btn',
  '[data-cookie-accept-all]',
  '.fc-cta-consent',
  '.cc-allow',
  '.cc-accept-all',
  '#wt-cli-accept-all-btn',
  '#cookie_action_close_header',
];

/** "Accept" / "agree" / "allow all" on consent walls, in the product's nine languages (en, zh, ja, es, fr, de, ru, ko, ar). */
export const CONSENT_ACCEPT_TEXTS = [
  'accept',
  'accept all',
  'accept all cookies',
  'accept cookies',
  'i accept',
  'agree',
  'i agree',
  'agree and continue',
  'allow all',
  'allow all cookies',
  'allow cookies',
  '接受',
  '全部接受',
  '接受全部',
  '接受所有',
  '同意',
  '我同意',
  '允许全部',
  '允许所有',
  'すべて受け入れる',
  'すべて許可',
  '同意する',
  '同意して続ける',
  '受け入れる',
  'aceptar',
  'aceptar todo',
  'aceptar todas',
  'acepto',
  'permitir todo',
  'permitir todas',
  'de acuerdo',
  'accepter',
  'tout accepter',
  "j'accepte",
  'j’accepte',
  'autoriser tout',
  'tout autoriser',
  "d'accord",
  'akzeptieren',
  'alle akzeptieren',
  'zustimmen',
  'alle zulassen',
  'alle erlauben',
  'einverstanden',
  'принять',
  'принять все',
  'согласен',
  'согласна',
  'разрешить все',
  '동의',
  '동의합니다',
  '수락',
  '모두 수락',
  '모두 허용',
  '모두 동의',
  'قبول',
  'قبول الكل',
  'قبول الجميع',
  'أوافق',
  'موافق',
  'السماح بالكل',
];

/** "Load more" / "Show more" / "See more" in the nine languages. */
export const LOAD_MORE_TEXTS = [
  'load more',
  'show more',
  'see more',
  'view more',
  'more results',
  'load more results',
  'show more results',
  '加载更多',
  '显示更多',
  '查看更多',
  '載入更多',
  '顯示更多',
  'もっと見る',
  'さらに表示',
  'もっと読み込む',
  'さらに読み込む',
  'cargar más',
  'mostrar más',
  'ver más',
  'charger plus',
  'afficher plus',
  'voir plus',
  'plus de résultats',
  'mehr laden',
  'mehr anzeigen',
  'weitere laden',
  'weitere anzeigen',
  'mehr sehen',
  'загрузить ещё',
  'загрузить еще',
  'показать ещё',
  'показать еще',
  'смотреть ещё',
  'смотреть еще',
  '더 보기',
  '더보기',
  '더 불러오기',
  'تحميل المزيد',
  'عرض المزيد',
  'إظهار المزيد',
  'اظهار المزيد',
  'شاهد المزيد',
];

/** Where a consent wall's own text buttons live: a dialog, or a container named for cookies or consent. */
const CONSENT_CONTAINER =
  '[role="dialog"], [role="alertdialog"], [aria-modal="true"], dialog, [id*="cookie" i], [class*="cookie" i], [id*="consent" i], [class*="consent" i], [id*="gdpr" i], [class*="gdpr" i], [id*="cmp" i], [class*="cmp-" i]';
/** What a page marks as an ad: never clicked, nor anything inside it. */
const AD_CONTAINER =
  '[id^="ad-" i], [id^="ads-" i], [class~="ad" i], [class~="ads" i], [class*="advert" i], [class*="sponsor" i], [data-ad], [data-ad-slot], ins.adsbygoogle, [id*="google_ads" i]';

interface ControlQuery {
  kind: 'consent' | 'load-more';
  selectors: string[];
  texts: string[];
  consentContainer: string;
  adContainer: string;
  /** Marks the chosen control, so it can be pressed next (attribute name, one per kind). */
  mark: string;
}

/**
 * Runs in the page: the first visible, enabled control of `kind` that is safe to press — a button or a link with
 * no place to go (no href, `#…`, `javascript:`), not a form's submit button, not inside anything marked as an ad —
 * marked with `mark`; false when there is none. Consent walls by their platform's own button, else by an accept
 * text inside a dialog or a cookie/consent container; Load more by its text, label or title.
 */
function markRevealControl({ kind, selectors, texts, consentContainer, adContainer, mark }: ControlQuery): boolean {
  const normal = (text: string) =>
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s\u00a0]+/g, ' ')
      .replace(/[\s.…!:›»→↓+()\d]+$/u, '')
      .replace(/^[\s+↓]+/u, '')
      .trim();
  const wanted = new Set(texts.map(normal));
  const visible = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const safe = (element: Element) => {
    if (element.closest(adContainer) || (element as HTMLButtonElement).disabled) return false;
    if (element.getAttribute('aria-disabled') === 'true') return false;
    if (element instanceof HTMLAnchorElement) {
      const href = (element.getAttribute('href') ?? '').trim();
      if (element.target && element.target !== '_self') return false;
      return href === '' || href.startsWith('#') || /^javascript:/i.test(href);
    }
    if (element instanceof HTMLButtonElement || element instanceof HTMLInputElement)
      return !element.form || element.type === 'button';
    return true;
  };
  const named = (element: Element) =>
    [element.textContent ?? '', element.getAttribute('aria-label') ?? '', element.getAttribute('title') ?? '']
      .map(normal)
      .some((text) => wanted.has(text));
  const controls = Array.from(
    document.querySelectorAll('button, a, [role="button"], input[type="button"], input[type="submit"]'),
  );
  const byPlatform = kind === 'consent' ? selectors.flatMap((s) => Array.from(document.querySelectorAll(s))) : [];
  const byText = controls.filter(
    (element) =>
      (kind !== 'consent' || element.closest(consentContainer)) &&
      (named(element) || (element instanceof HTMLInputElement && wanted.has(normal(element.value)))),
  );
  const control = [...byPlatform, ...byText].find((element) => visible(element) && safe(element));
  document.querySelectorAll(`[${mark}]`).forEach((element) => element.removeAttribute(mark));
  if (!control) return false;
  control.setAttribute(mark, '');
  return true;
}

interface NavigateLike {
  cancelable: boolean;
  hashChange: boolean;
  destination: { sameDocument: boolean };
  preventDefault(): void;
}
type NavigationLike = EventTarget & {
  addEventListener(type: 'navigate', listener: (event: NavigateLike) => void): void;
  removeEventListener(type: 'navigate', listener: (event: NavigateLike) => void): void;
};

/**
 * Runs in the page: while controls are pressed (`hold`), navigations the page starts by itself to another document
 * (a handler setting `location.href`) are cancelled where the Navigation API lets them be, so the page stays where
 * it is; released afterwards (a page that moves on by itself later is followed as before).
 */
function holdPageInPlace(hold: boolean): void {
  const holder = window as unknown as { navigation?: NavigationLike; __pixtractHold?: (event: NavigateLike) => void };
  if (!holder.navigation) return;
  if (!hold) {
    if (holder.__pixtractHold) holder.navigation.removeEventListener('navigate', holder.__pixtractHold);
    return;
  }
  const cancel = (event: NavigateLike) => {
    if (event.cancelable && !event.destination.sameDocument && !event.hashChange) event.preventDefault();
  };
  Object.defineProperty(window, '__pixtractHold', { value: cancel, enumerable: false, configurable: true });
  holder.navigation.addEventListener('navigate', cancel);
}

const CONTROL_MARK: Record<ControlQuery['kind'], string> = {
  consent: 'data-pixtract-consent',
  'load-more': 'data-pixtract-load-more',
};

const controlQuery = (kind: ControlQuery['kind']): ControlQuery => ({
  kind,
  selectors: CONSENT_ACCEPT_SELECTORS,
  texts: kind === 'consent' ? CONSENT_ACCEPT_TEXTS : LOAD_MORE_TEXTS,
  consentContainer: CONSENT_CONTAINER,
  adContainer: AD_CONTAINER,
  mark: CONTROL_MARK[kind],
});
const markControl = (page: Page, kind: ControlQuery['kind']) => page.evaluate(markRevealControl, controlQuery(kind));

/** Which controls the page shows now, each marked for its press: both looks are sent at once (one round trip). */
export interface RevealControls {
  consent: boolean;
  loadMore: boolean;
}

export async function findRevealControls(page: Page): Promise<RevealControls> {
  const [consent, loadMore] = await Promise.all([markControl(page, 'consent'), markControl(page, 'load-more')]);
  return { consent, loadMore };
}

/** Records the elements present before the first press: what the walk finds outside it was revealed by a click. */
function rememberElementsBeforeClicks(): void {
  const before = new WeakSet<Element>(Array.from(document.querySelectorAll('*')));
  Object.defineProperty(window, '__pixtractBeforeClicks', { value: before, enumerable: false, configurable: true });
}

/** What pressing controls did on one page: the progress says it, the result tags what it revealed. */
export interface RevealOutcome {
  consentAccepted: boolean;
  loadMorePresses: number;
  /** Network images received before the first press: those after it were revealed by a click. */
  imagesBeforeClicks?: number;
}

interface RevealLimits {
  maxClicks: number;
  /** Epoch ms: no press after it. */
  deadline: number;
  /** Stop once the page holds this many pictures (the image cap). */
  maxImages: number;
  settleMs: number;
}

const countImages = () => document.images.length + document.querySelectorAll('[style*="url("]').length;

/**
 * Presses what reveals the page's content: the consent wall's accept control, then Load more / Show more while
 * each press adds pictures — up to `maxClicks`, the deadline and the image cap. The click is the page's own
 * `element.click()`: an untrusted click opens no popup (no user activation), and nothing outside the marked
 * control is touched. A press that took the page elsewhere anyway is undone by going back, and the presses end
 * there (the page came back as it loads, without what was pressed before).
 */
export async function revealContent(
  page: Page,
  activity: PageActivity,
  limits: RevealLimits,
  found: RevealControls,
  onPress: (outcome: RevealOutcome) => void,
): Promise<RevealOutcome> {
  const outcome: RevealOutcome = { consentAccepted: false, loadMorePresses: 0 };
  if (!found.consent && !found.loadMore) return outcome;
  let more = found.loadMore;
  await page.evaluate(holdPageInPlace, true);
  await page.evaluate(rememberElementsBeforeClicks);
  outcome.imagesBeforeClicks = activity.imagesReceived;
  /** Presses the marked control and lets the page settle; false when the page left anyway (and was brought back). */
  const press = async (kind: ControlQuery['kind']): Promise<boolean> => {
    const address = page.url();
    await page.evaluate((mark) => document.querySelector<HTMLElement>(`[${mark}]`)?.click(), CONTROL_MARK[kind]);
    await waitUntilQuiet(page, activity, Math.max(1, Math.min(limits.settleMs, limits.deadline - pageNow(page))));
    if (sameDocument(page.url(), address)) return true;
    await page.goBack({ waitUntil: 'domcontentloaded', timeout: Math.max(1, limits.deadline - pageNow(page)) });
    return false;
  };
  let clicks = 0;
  const mayPress = () => clicks < limits.maxClicks && pageNow(page) < limits.deadline;
  if (found.consent && mayPress()) {
    clicks += 1;
    if (!(await press('consent'))) return outcome;
    outcome.consentAccepted = true;
    onPress(outcome);
    more = await markControl(page, 'load-more');
  }
  while (more && mayPress()) {
    const before = await page.evaluate(countImages);
    if (before >= limits.maxImages) break;
    clicks += 1;
    if (!(await press('load-more'))) return outcome;
    // A press that added no picture (a text expander, the end of the list) ends the presses, and is not told.
    if ((await page.evaluate(countImages)) <= before) break;
    outcome.loadMorePresses += 1;
    onPress(outcome);
    more = await markControl(page, 'load-more');
  }
  await page.evaluate(holdPageInPlace, false);
  return outcome;
}

function sameDocument(a: string, b: string): boolean {
  return a.split('#')[0] === b.split('#')[0];
}
