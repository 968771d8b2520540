import type { RouteObject } from 'react-router-dom';
import { DeliveryMethodFormPage } from './DeliveryMethodFormPage';
import { DeliveryPage } from './DeliveryPage';
import { PickupPointFormPage } from './PickupPointFormPage';

/** Admin screens of delivery (paths relative to /admin). */
export const deliveryAdminRoutes: RouteObject[] = [
  { path: 'delivery', element: <DeliveryPage /> },
  { path: 'delivery/methods/create-method', element: <DeliveryMethodFormPage key="new-method" /> },
  { path: 'delivery/methods/:id', element: <DeliveryMethodFormPage /> },
  { path: 'delivery/points/create-point', element: <PickupPointFormPage key="new-point" /> },
  { path: 'delivery/points/:id', element: <PickupPointFormPage /> },
];
