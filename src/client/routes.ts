/**
 * The route table keyed by name; navigation goes to the path found under a key.
 */
export const routes = {
  home: '/',
  catalog: '/catalog',
  product: (url: string) => `/product/${encodeURIComponent(url)}`,
  cart: '/cart',
  wishlist: '/wishlist',
  checkout: '/checkout',
  profile: '/profile',
  news: '/news',
  confirm: (token: string) => `/confirm/${token}`,
  reset: (token: string) => `/reset/${token}`,

  adminLogin: '/admin/login',
  admin: '/admin',
  adminCategories: '/admin/categories',
  adminColors: '/admin/colors',
  adminBrands: '/admin/brands',
  adminProducts: '/admin/products',
  adminImages: '/admin/images',
  adminQuestions: '/admin/questions',
  adminTags: '/admin/tags',
  adminSizes: '/admin/sizes',
  adminReviews: '/admin/reviews',
  adminCheckouts: '/admin/checkouts',
  adminNews: '/admin/newsPosts',
  adminBanners: '/admin/banners',
  adminSettings: '/admin/settings',
  adminUsers: '/admin/settings/users',
  adminSubscribers: '/admin/settings/subscribers',
  adminWebhooks: '/admin/settings/webhooks',
} as const;
