import type { ImportPreview } from '../../../shared/schemas/catalogue-io.js';
import { authorizationHeader } from '../../accounts/tokens';
import { downloadFile, refusalOf as refusal } from '../ui/download-file';

/** Downloads the whole catalogue as CSV (GET /api/products/export.csv, Admin). */
export function downloadCatalogueCsv(): Promise<void> {
  return downloadFile('/api/products/export.csv', 'catalogue.csv', 'Не удалось выгрузить каталог');
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
