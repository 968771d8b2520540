import { Button, Center, Grid, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { BasketLines } from './BasketLines';
import { BasketSummary } from './BasketSummary';
import { EmptyState } from './EmptyState';
import { orderToasts } from './messages';
import { useBasket } from './use-basket';

/** /cart: the basket's lines with quantities that change in place, the total, and on to checkout. */
export default function CartPage() {
  useTitle('Корзина');
  const { basket, basketId, loading, setItems } = useBasket();

  if (loading && basketId) {
    return (
      <Center h="40vh">
        <Loader />
      </Center>
    );
  }
  const active = basket?.status === 'Active' ? basket : undefined;
  if (!active || active.orderProducts.length === 0) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Корзина
        </Title>
        <EmptyState icon={<IconShoppingBag size={34} />} title="В корзине пока пусто" text="Загляните в каталог: там найдётся что-нибудь для вас." />
      </Stack>
    );
  }

  return (
    <Stack>
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          Корзина
        </Title>
        <ConfirmButton size="xs" question="Удалить все товары из корзины?" confirmLabel="Очистить" onConfirm={() => void setItems([]).then((saved) => saved && toastSuccess(orderToasts.basketCleared))}>
          Очистить корзину
        </ConfirmButton>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <BasketLines basket={active} setItems={setItems} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md">
            <Stack>
              <Title order={2} size="h4">
                Итого
              </Title>
              <BasketSummary basket={active} />
              {active.hasProblems ? (
                <Button size="md" fullWidth disabled>
                  Оформить заказ
                </Button>
              ) : (
                <Button size="md" fullWidth component={Link} to={routes.checkout}>
                  Оформить заказ
                </Button>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
