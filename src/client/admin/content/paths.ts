/** Admin paths of the content screens. */
export const contentPaths = {
  banners: '/admin/banners',
  updateBanner: '/admin/banners/update-banner',
  news: '/admin/newsPosts',
  createNews: '/admin/newsPosts/create-news',
  newsPost: (id: number) => `/admin/newsPosts/${id}`,
  subscribers: '/admin/settings/subscribers',
  scanner: '/admin/scanner',
  createScanner: '/admin/scanner/create-scanner',
  scannerItem: (id: number) => `/admin/scanner/${id}`,
  legal: '/admin/legal',
  legalPage: (slug: string) => `/admin/legal/${slug}`,
} as const;
