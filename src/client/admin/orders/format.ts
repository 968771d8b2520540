const dateTime = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** «23.11.2026, 10:42» in the admin's own time zone. */
export function formatDateTime(date: Date): string {
  return dateTime.format(date);
}

export function customerName(order: { firstName: string; lastName: string }): string {
  return [order.firstName, order.lastName].filter(Boolean).join(' ') || '—';
}
