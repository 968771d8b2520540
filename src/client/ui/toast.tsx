import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { messageForStatus, networkErrorMessage, isUserFacingMessage } from '../../shared/errors.js';
import { TOAST_DURATION_MS } from './toast-duration';
import { loadToast } from './toaster-state';

export { TOAST_DURATION_MS };

export function errorMessageOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const data = 'data' in error ? (error as { data?: { httpStatus?: unknown } | null }).data : undefined;
    const message = 'message' in error ? (error as { message?: unknown }).message : undefined;
    if (isUserFacingMessage(message)) return message;
    if (data && typeof data.httpStatus === 'number') return messageForStatus(data.httpStatus);
  }
  return networkErrorMessage;
}

export function toastError(error: unknown): void {
  const message = errorMessageOf(error);
  void loadToast().then((toast) => toast.error(message, { duration: TOAST_DURATION_MS, icon: <IconAlertCircle size={20} color="var(--mantine-color-red-8)" /> }));
}

/** A success, with an optional second line (one toast rather than two at once). */
export function toastSuccess(message: string, description?: string): void {
  void loadToast().then((toast) =>
    toast.success(message, { duration: TOAST_DURATION_MS, icon: <IconCircleCheck size={20} color="var(--mantine-color-green-8)" />, ...(description ? { description } : {}) }),
  );
}
