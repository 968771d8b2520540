import { authorizationHeader } from '../../accounts/tokens';
import { toastError } from '../../ui/toast';

/** Downloads the orders' CSV (GET /api/checkouts/export, Admin) for the list's current filters. */
export async function downloadOrdersCsv(filters: { createdFrom?: Date; createdTo?: Date; status?: string }): Promise<void> {
  const query = new URLSearchParams();
  if (filters.createdFrom) query.set('createdFrom', filters.createdFrom.toISOString());
  if (filters.createdTo) query.set('createdTo', filters.createdTo.toISOString());
  if (filters.status) query.set('status', filters.status);
  const response = await fetch(`/api/checkouts/export?${query.toString()}`, { headers: authorizationHeader() });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    toastError(new Error(body?.message ?? 'Не удалось выгрузить заказы'));
    return;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
