import { Loader, Text, Timeline } from '@mantine/core';
import { trpc } from '../../trpc';
import { eventDetails, eventTitle } from './event-text';
import { formatDateTime } from './format';

/** The order's history of every change (orders.checkouts.events), newest at the bottom. */
export function CheckoutTimeline({ checkoutId }: { checkoutId: number }) {
  // Every change saved on the order's page invalidates this query (CheckoutDetailPage).
  const events = trpc.orders.checkouts.events.useQuery({ checkoutId });
  if (!events.data) return <Loader size="sm" />;
  const rows = events.data.rows;
  return (
    <Timeline active={rows.length - 1} bulletSize={14} lineWidth={2} aria-label="История изменений">
      {rows.map((event) => (
        <Timeline.Item key={event.id} title={eventTitle(event)}>
          {eventDetails(event).map((line, index) => (
            <Text key={index} size="sm">
              {line}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {formatDateTime(event.createdAt)} · {event.changedBy === null ? 'магазин или покупатель' : (event.changedByName ?? `сотрудник ID ${event.changedBy}`)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
