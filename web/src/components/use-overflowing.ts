import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether an element's content is wider than the element, kept up to date as it resizes (a box that
 * scrolls sideways then needs to be reachable from the keyboard); with `showEnd`, content that does
 * not fit is scrolled to its end before the first paint. `content` is what changes the width.
 */
export function useOverflowing<T extends HTMLElement>(content: unknown, showEnd = false) {
  const ref = useRef<T>(null);
  const [value, setValue] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => {
      const overflowing = element.scrollWidth > element.clientWidth + 1;
      if (overflowing && showEnd) element.scrollLeft = element.scrollWidth;
      setValue(overflowing);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [content, showEnd]);
  return [ref, value] as const;
}
