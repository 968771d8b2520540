import { Button, Drawer, Loader, Stack } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { BasketLines } from './BasketLines';
import { BasketSummary } from './BasketSummary';
import { EmptyState } from './EmptyState';
import { useBasket } from './use-basket';

/** The basket panel: the lines at a glance, the total, and the ways on. */
export default function BasketDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { basket, basketId, loading, setItems } = useBasket();
  const active = basket?.status === 'Active' && basket.orderProducts.length > 0 ? basket : undefined;
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Корзина" size="md" closeButtonProps={{ 'aria-label': 'Закрыть корзину' }}>
      {loading && basketId ? (
        <Loader />
      ) : active ? (
        <Stack>
          <BasketLines basket={active} setItems={setItems} compact />
          <BasketSummary basket={active} />
          <Button component={Link} to={routes.checkout} onClick={onClose} disabled={active.hasProblems} size="md">
            Оформить заказ
          </Button>
          <Button component={Link} to={routes.cart} onClick={onClose} variant="default">
            Перейти в корзину
          </Button>
        </Stack>
      ) : (
        <EmptyState icon={<IconShoppingBag size={34} />} title="В корзине пока пусто" text="Добавляйте товары кнопкой «В корзину»." onNavigate={onClose} />
      )}
    </Drawer>
  );
}
