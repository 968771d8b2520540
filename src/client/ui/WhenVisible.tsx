import { Box } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a lazy component) once the place it takes comes within 300 px of
 * the viewport, and keeps it from then on. Blocks far below the fold (the home page's subscription
 * form, the main-page review) so stay out of the first load: their code and their request start
 * when the shopper scrolls towards them. `minHeight` holds the place meanwhile.
 */
export function WhenVisible({ children, minHeight, id }: { children: ReactNode; minHeight: number; /** The placeholder's id, so a link to what comes can scroll to it (and so load it). */ id?: string }) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: '300px' });
  const [shown, setShown] = useState(false);
  // Once seen, stays shown (state adjusted while rendering, React's pattern for derived state).
  if (entry?.isIntersecting && !shown) setShown(true);
  if (shown) return <Suspense fallback={<Box mih={minHeight} />}>{children}</Suspense>;
  return <Box ref={ref} id={id} mih={minHeight} aria-hidden />;
}
