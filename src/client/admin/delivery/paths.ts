/** Admin paths of the delivery screens: methods and pickup points on one page, each with its form. */
export const deliveryPaths = {
  list: '/admin/delivery',
  createMethod: '/admin/delivery/methods/create-method',
  method: (id: number) => `/admin/delivery/methods/${id}`,
  createPoint: '/admin/delivery/points/create-point',
  point: (id: number) => `/admin/delivery/points/${id}`,
} as const;
