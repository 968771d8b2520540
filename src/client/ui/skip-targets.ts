/**
 * Where the storefront's skip links lead (store/layout/SkipLinks.tsx): ids the pages put on their
 * elements, here so that a page marks its target without importing the layout.
 */
export const skipTargets = {
  /** The store layout's `<main>`: «Перейти к основному содержимому». */
  main: 'main-content',
  /** The catalogue's heading over the product grid: «Перейти к товарам». */
  catalogueProducts: 'catalogue-products',
} as const;
