/** Toasts last 5 seconds, errors and successes alike, each with an icon. */
export const TOAST_DURATION_MS = 5000;
