import { useEffect, useState } from 'react';

/**
 * Whether the element has scrolled up out of the screen (an element not yet reached, below the
 * screen, has not). The browser's IntersectionObserver directly: Mantine's `useIntersection`,
 * shared with the first load's `WhenVisible`, would be split into a file of its own.
 */
export function useScrolledPast<T extends Element>() {
  const [element, setElement] = useState<T | null>(null);
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!element) return undefined;
    // The screen stretched far downwards: an element below it still counts as in view, so a jump
    // from below the screen to above it (the End key, an anchor) is a change the observer reports.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
      },
      { rootMargin: '0px 0px 1000000px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref: setElement, element, past };
}
