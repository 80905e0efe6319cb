import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A new address starts at the top, or at the section its #anchor names (once that section has rendered). */
export function useScrollToAnchor(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0 });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let frames = 0;
    let handle = 0;
    // Lazy pages render a moment later; look for the section for up to ~1 s. The first look waits a frame too: a
    // link followed from the phone menu closes it in a render after this one, and the closing menu shortens the
    // sticky header above every section — a scroll aimed before that would land a menu's height too far.
    const find = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else if (frames++ < 60) handle = requestAnimationFrame(find);
    };
    handle = requestAnimationFrame(find);
    return () => cancelAnimationFrame(handle);
  }, [pathname, hash]);
}
