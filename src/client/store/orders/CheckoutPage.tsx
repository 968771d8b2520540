import { Button, Center, Divider, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatRubles } from '../../../shared/money.js';
import { routes } from '../../routes';
import { useTitle } from '../../ui/use-title';
import { BasketSummary } from './BasketSummary';
import { useCheckoutForm, usePlaceOrder } from './checkout-form';
import { CheckoutFields } from './CheckoutFields';
import { EmptyState } from './EmptyState';
import { useBasket } from './use-basket';

/** /checkout: contact, address (from the user's first one), delivery comment and the order's summary. */
export default function CheckoutPage() {
  useTitle('Оформление заказа');
  const { basket, basketId, loading, forget } = useBasket();
  const form = useCheckoutForm();
  const { place, placing } = usePlaceOrder(() => forget());

  if (loading && basketId) {
    return (
      <Center h="40vh">
        <Loader />
      </Center>
    );
  }
  const active = basket?.status === 'Active' && basket.orderProducts.length > 0 ? basket : undefined;
  if (!active) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Оформление заказа
        </Title>
        <EmptyState icon={<IconShoppingBag size={34} />} title="В корзине пока пусто" text="Добавьте товары в корзину, чтобы оформить заказ." />
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((values) => place({ basketId: active.id }, values))} noValidate>
      <Stack>
        <Title order={1} size="h2">
          Оформление заказа
        </Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
              <CheckoutFields form={form} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
              <Stack>
                <Title order={2} size="h4">
                  Ваш заказ
                </Title>
                <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {active.orderProducts.map((line) => (
                    <Group component="li" key={`${line.variantId}-${line.sizeId ?? 0}`} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                      <Text size="sm" style={{ minWidth: 0 }}>
                        {line.name}
                        {line.size ? `, размер ${line.size.name}` : ''}
                        {line.color ? `, ${line.color.name}` : ''} × {line.quantity}
                      </Text>
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatRubles(line.lineTotal)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
                <Divider />
                <BasketSummary basket={active} />
                <Text size="sm" c="dimmed">
                  Доставка по всей России, оплата при получении.
                </Text>
                <Button type="submit" size="md" fullWidth loading={placing} disabled={active.hasProblems}>
                  Подтвердить заказ
                </Button>
                <Button component={Link} to={routes.cart} variant="subtle" fullWidth>
                  Вернуться в корзину
                </Button>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
