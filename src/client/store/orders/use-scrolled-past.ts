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
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref: setElement, element, past };
}
