import { useEffect } from 'react';

/** Every page has a Russian title (the browser tab and history show what the page is). */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} — Магазин` : 'Магазин';
  }, [title]);
}
