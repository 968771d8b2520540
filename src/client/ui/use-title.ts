import { useEffect } from 'react';

/** Every page has a Russian title (PRODUCT.md). */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} — Магазин` : 'Магазин';
  }, [title]);
}
