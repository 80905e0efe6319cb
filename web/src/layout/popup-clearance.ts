import { useEffect, useId, useState, useSyncExternalStore, type RefObject } from 'react';

/**
 * What an offer popup (the newsletter's) must wait for: the cookie notice still asking, or the hero form in view.
 * Anything on screen that must not be covered registers here while it needs the room; the popup shows only
 * when nothing does.
 */
const holders = new Set<string>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps offer popups away while `active`. */
export function useHoldsPopupsBack(active: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!active) return;
    holders.add(id);
    changed();
    return () => {
      holders.delete(id);
      changed();
    };
  }, [id, active]);
}

/** Keeps offer popups away while the element is (even partly) on screen. */
export function useHoldsPopupsBackInView(ref: RefObject<Element | null>): void {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  useHoldsPopupsBack(inView);
}

/** Whether something on screen holds offer popups back. */
export const usePopupsHeldBack = (): boolean => useSyncExternalStore(subscribe, () => holders.size > 0);
