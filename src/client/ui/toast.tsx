import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { toast } from 'sonner';
import { messageForStatus, networkErrorMessage, isUserFacingMessage } from '../../shared/errors.js';

/** SPEC.md section 9: toasts last 5 seconds, errors and successes alike, each with an icon. */
export const TOAST_DURATION_MS = 5000;

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
  toast.error(errorMessageOf(error), { duration: TOAST_DURATION_MS, icon: <IconAlertCircle size={20} /> });
}

/** A success, with an optional second line (one toast rather than two at once). */
export function toastSuccess(message: string, description?: string): void {
  toast.success(message, { duration: TOAST_DURATION_MS, icon: <IconCircleCheck size={20} />, ...(description ? { description } : {}) });
}
