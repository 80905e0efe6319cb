import { useEffect, useRef, useState } from 'react';

/** The seed's counter: a step every 35 ms; targets over 100 advance by target/90 (rounded up), others by 1. */
const COUNTER_STEP_MS = 35;
const VISIBLE_SHARE = 0.1;

const counterIncrement = (target: number): number => (target > 100 ? Math.ceil(target / 90) : 1);

/** Without IntersectionObserver (old browsers, jsdom), or for a visitor who asks for less motion, no counting. */
const countsUp = () =>
  typeof IntersectionObserver !== 'undefined' && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Counts up to `target` once a tenth of it has scrolled into view. */
export function AnimatedCounter({ target, format }: { target: number; format: (value: number) => string }) {
  const [value, setValue] = useState(() => (countsUp() ? 0 : target));
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      const step = counterIncrement(target);
      timer = setInterval(() => {
        setValue((current) => {
          const next = Math.min(target, current + step);
          if (next === target) clearInterval(timer);
          return next;
        });
      }, COUNTER_STEP_MS);
    };
    if (!countsUp()) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry.isIntersecting) return;
        observer.disconnect();
        start();
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearInterval(timer);
    };
  }, [target]);

  return (
    <span ref={ref} className="tabular-nums">
      {format(value)}
    </span>
  );
}
