import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { BasketLines } from './BasketLines';
import { BasketColumns, BasketPlaceholder, orderableBasket } from './BasketPageLayout';
import { BasketSummary } from './BasketSummary';
import { orderToasts } from './messages';
import { useBasket } from './use-basket';

/** /cart: the basket's lines with quantities that change in place, the total, and on to checkout. */
export default function CartPage() {
  useTitle('Корзина');
  const { basket, basketId, loading, setItems } = useBasket();
  const active = orderableBasket(basket);
  if (!active || (loading && basketId)) {
    return <BasketPlaceholder loading={loading && basketId !== null} title="Корзина" emptyText="Загляните в каталог: там найдётся что-нибудь для вас." />;
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
      <BasketColumns
        mainSpan={8}
        main={<BasketLines basket={active} setItems={setItems} />}
        mainPadding={{ base: 'sm', sm: 'md' }}
        summaryTitle="Итого"
        summaryPadding="md"
        summary={
          <>
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
          </>
        }
      />
    </Stack>
  );
}
