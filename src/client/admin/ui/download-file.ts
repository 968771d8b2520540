import { authorizationHeader } from '../../accounts/tokens';
import { toastError } from '../../ui/toast';

/** The Russian message of a refused file call (the REST error shape), or the fallback. */
export async function refusalOf(response: Response, fallback: string): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return new Error(body?.message ?? fallback);
}

/**
 * Downloads an Admin file answer (a CSV export) under the name its Content-Disposition gives; a
 * refusal becomes an error toast with the server's message.
 */
export async function downloadFile(path: string, fallbackName: string, failure: string): Promise<void> {
  const response = await fetch(path, { headers: authorizationHeader() });
  if (!response.ok) {
    toastError(await refusalOf(response, failure));
    return;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
