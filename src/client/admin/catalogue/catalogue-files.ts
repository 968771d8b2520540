import type { ImportPreview } from '../../../shared/schemas/catalogue-io.js';
import { authorizationHeader } from '../../accounts/tokens';
import { toastError } from '../../ui/toast';

async function refusal(response: Response, fallback: string): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return new Error(body?.message ?? fallback);
}

/** Downloads the whole catalogue as CSV (GET /api/products/export.csv, Admin). */
export async function downloadCatalogueCsv(): Promise<void> {
  const response = await fetch('/api/products/export.csv', { headers: authorizationHeader() });
  if (!response.ok) {
    toastError(await refusal(response, 'Не удалось выгрузить каталог'));
    return;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'catalogue.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Sends a CSV file to be checked (POST /api/products/imports): nothing is written yet. */
export async function checkCatalogueCsv(file: File): Promise<ImportPreview> {
  const response = await fetch('/api/products/imports', {
    method: 'POST',
    headers: { ...authorizationHeader(), 'content-type': 'text/csv; charset=utf-8' },
    body: file,
  });
  if (!response.ok) throw await refusal(response, 'Не удалось проверить файл');
  return (await response.json()) as ImportPreview;
}
