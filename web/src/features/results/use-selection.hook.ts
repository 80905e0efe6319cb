import { useCallback, useRef, useState } from 'react';

/**
 * A subset of the results, by item index. A click toggles one item; a shift-click sets every item between the
 * last clicked one and this one (in the order shown) to this one's new state, as file managers do.
 */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | null>(null);

  const toggle = useCallback((index: number, extend: boolean, order: number[]) => {
    const from = anchor.current === null ? -1 : order.indexOf(anchor.current);
    const to = order.indexOf(index);
    const range = extend && from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [index];
    setSelected((current) => {
      const next = new Set(current);
      const select = !current.has(index);
      for (const item of range) {
        if (select) next.add(item);
        else next.delete(item);
      }
      return next;
    });
    anchor.current = index;
  }, []);

  const clear = useCallback(() => {
    setSelected(new Set());
    anchor.current = null;
  }, []);

  return { selected, toggle, clear };
}
