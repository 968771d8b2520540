import { downloadFile } from '../ui/download-file';

/** Downloads the orders' CSV (GET /api/checkouts/export, Admin) for the list's current filters. */
export function downloadOrdersCsv(filters: { createdFrom?: Date; createdTo?: Date; status?: string }): Promise<void> {
  const query = new URLSearchParams();
  if (filters.createdFrom) query.set('createdFrom', filters.createdFrom.toISOString());
  if (filters.createdTo) query.set('createdTo', filters.createdTo.toISOString());
  if (filters.status) query.set('status', filters.status);
  return downloadFile(`/api/checkouts/export?${query.toString()}`, 'orders.csv', 'Не удалось выгрузить заказы');
}
