import { authorizationHeader } from '../../accounts/tokens';
import { toastError } from '../../ui/toast';

/** Downloads a record's QR image (GET /api/scanner/{id}/qr.png|svg, Admin) under the server's file name. */
export async function downloadQr(id: number, qrCode: string, format: 'png' | 'svg'): Promise<void> {
  const response = await fetch(`/api/scanner/${id}/qr.${format}`, { headers: authorizationHeader() });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    toastError(new Error(body?.message ?? 'Не удалось скачать QR-код'));
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `qr-${qrCode}.${format}`;
  link.click();
  URL.revokeObjectURL(url);
}
