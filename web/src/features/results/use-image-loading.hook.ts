import { useCallback, useEffect, useReducer } from 'react';
import { imageThumbnailUrl, prefersProxy } from './image-links';

/** The seed's loading rules for the images of the current page. */
export const DIRECT_LOAD_TIMEOUT_MS = 2000;
export const PAGE_LOAD_TIMEOUT_MS = 3000;
export const LOAD_STAGGER_MS = 50;

export type ImageLoadStatus = 'waiting' | 'loading' | 'loaded' | 'failed';

interface ImageLoad {
  status: ImageLoadStatus;
  via: 'direct' | 'proxy';
}

type Loads = Record<string, ImageLoad>;
type LoadEvent =
  { type: 'reset'; urls: string[] } | { type: 'start' | 'slow' | 'error' | 'load'; url: string } | { type: 'deadline' };

const initialLoads = (urls: string[]): Loads =>
  Object.fromEntries(urls.map((url) => [url, { status: 'waiting', via: 'direct' }]));

function nextLoad(load: ImageLoad, url: string, event: LoadEvent['type']): ImageLoad {
  switch (event) {
    case 'start':
      return load.status === 'waiting' ? { status: 'loading', via: prefersProxy(url) ? 'proxy' : 'direct' } : load;
    case 'slow':
      return load.status === 'loading' && load.via === 'direct' ? { status: 'loading', via: 'proxy' } : load;
    case 'error':
      if (load.status === 'loaded') return load;
      return load.via === 'direct' ? { status: 'loading', via: 'proxy' } : { ...load, status: 'failed' };
    case 'load':
      // A late answer still counts: an image the deadline marked failed shows once it arrives.
      return { ...load, status: 'loaded' };
    default:
      return load.status === 'loaded' ? load : { ...load, status: 'failed' };
  }
}

function reduce(loads: Loads, event: LoadEvent): Loads {
  if (event.type === 'reset') return initialLoads(event.urls);
  if (event.type === 'deadline')
    return Object.fromEntries(Object.entries(loads).map(([url, load]) => [url, nextLoad(load, url, 'deadline')]));
  const load = loads[event.url];
  if (!load) return loads;
  const next = nextLoad(load, event.url, event.type);
  return next.status === load.status && next.via === load.via ? loads : { ...loads, [event.url]: next };
}

/**
 * Loads the current page's images the seed's way: each tried directly (starts staggered 50 ms apart), then as a
 * proxied thumbnail on error or after 2 s; 3 s after the page opens, whatever has not loaded counts as failed.
 */
export function useImageLoading(urls: string[], sourceUrl: string) {
  const pageKey = urls.join('\n');
  const [loads, dispatch] = useReducer(reduce, urls, initialLoads);

  useEffect(() => {
    const page = pageKey ? pageKey.split('\n') : [];
    dispatch({ type: 'reset', urls: page });
    const timers = page.flatMap((url, index) => [
      setTimeout(() => dispatch({ type: 'start', url }), index * LOAD_STAGGER_MS),
      setTimeout(() => dispatch({ type: 'slow', url }), index * LOAD_STAGGER_MS + DIRECT_LOAD_TIMEOUT_MS),
    ]);
    timers.push(setTimeout(() => dispatch({ type: 'deadline' }), PAGE_LOAD_TIMEOUT_MS));
    return () => timers.forEach(clearTimeout);
  }, [pageKey]);

  const statusOf = useCallback((url: string): ImageLoadStatus => loads[url]?.status ?? 'waiting', [loads]);
  /** Where the tile's <img> loads from now; none before its staggered start. */
  const srcOf = useCallback(
    (url: string): string | undefined => {
      const load = loads[url];
      if (!load || load.status === 'waiting') return undefined;
      return load.via === 'direct' ? url : imageThumbnailUrl(url, sourceUrl);
    },
    [loads, sourceUrl],
  );
  const onLoad = useCallback((url: string) => dispatch({ type: 'load', url }), []);
  const onError = useCallback((url: string) => dispatch({ type: 'error', url }), []);
  return { statusOf, srcOf, onLoad, onError };
}

export type ImageLoading = ReturnType<typeof useImageLoading>;
