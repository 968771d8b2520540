import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Anchor, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatRubles } from '../../../shared/money.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { useTitle } from '../../ui/use-title';

const dayLabel = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short' });

function StatCard({ label, value, to }: { label: string; value: string; to?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {to ? (
        <Anchor component={Link} to={to} fz={28} fw={700}>
          {value}
        </Anchor>
      ) : (
        <Text fz={28} fw={700}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

/**
 * /admin: new orders at a glance, orders and revenue per day for the last 30 days, and the money
 * taken online (paid minus refunded) apart from the orders placed. Its own chunk
 * (with the charts library), loaded only when the dashboard is opened.
 */
export default function DashboardPage() {
  useTitle('Сводка');
  const stats = trpc.orders.checkouts.stats.useQuery({});
  if (!stats.data) return <Loader />;
  const { days, newOrders, ordersToday, orders30, revenue30, paidRevenue30 } = stats.data;
  const data = days.map((day) => ({ ...day, day: dayLabel.format(new Date(`${day.date}T00:00:00`)) }));
  return (
    <Stack>
      <Title order={2}>Сводка</Title>
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        <StatCard label="Новые заказы" value={String(newOrders)} to={`${routes.adminCheckouts}?status=New`} />
        <StatCard label="Заказов сегодня" value={String(ordersToday)} />
        <StatCard label="Заказов за 30 дней" value={String(orders30)} />
        <StatCard label="Выручка за 30 дней" value={formatRubles(revenue30)} />
        <StatCard label="Оплачено онлайн за 30 дней" value={formatRubles(paidRevenue30)} to={`${routes.adminCheckouts}?payment=paid`} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Заказы по дням">
        <Title order={3} size="h5" mb="sm">
          Заказы по дням
        </Title>
        <BarChart h={240} data={data} dataKey="day" series={[{ name: 'orders', label: 'Заказы', color: 'blue.6' }]} tickLine="y" gridAxis="y" yAxisProps={{ allowDecimals: false }} />
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Выручка по дням">
        <Title order={3} size="h5" mb="sm">
          Выручка по дням, ₽
        </Title>
        <AreaChart
          h={240}
          data={data}
          dataKey="day"
          series={[{ name: 'revenue', label: 'Выручка', color: 'teal.6' }]}
          curveType="monotone"
          valueFormatter={(value) => formatRubles(value)}
          tickLine="y"
          gridAxis="y"
        />
      </Paper>
    </Stack>
  );
}
