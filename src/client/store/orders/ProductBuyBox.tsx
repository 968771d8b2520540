import { Button, Group } from '@mantine/core';
import { IconBolt, IconShoppingBagPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Product, Variant } from '../../../shared/schemas/catalogue.js';
import { useDisplayFlags } from '../../ui/display-flags';
import { colourSoldOut, sizeStock } from '../../ui/stock';
import { toastSuccess } from '../../ui/toast';
import { orderToasts } from './messages';
import { useBasket } from './use-basket';
import { WishlistToggle } from './WishlistToggle';

// The one-click form loads when it is first opened.
const OneClickModal = lazy(() => import('./OneClickModal'));

interface ProductBuyBoxProps {
  product: Product;
  variant: Variant;
  sizeId: number | null;
  /** «В корзину» was pressed on a product with sizes and none is chosen. */
  onSizeMissing: () => void;
}

/** The product page's «В корзину», «Купить в 1 клик» and the wishlist heart. */
export function ProductBuyBox({ product, variant, sizeId, onSizeMissing }: ProductBuyBoxProps) {
  const { addItem, adding } = useBasket();
  const { show } = useDisplayFlags();
  const [oneClick, setOneClick] = useState(false);
  // The chosen size must be in stock; before a size is chosen, any size of the colour.
  const buyable = product.availability && (sizeId === null ? !colourSoldOut(variant) : sizeStock(variant, sizeId) > 0);
  const needsSize = product.sizes.length > 0 && sizeId === null;

  const ready = () => {
    if (needsSize) onSizeMissing();
    return !needsSize;
  };
  const add = async () => {
    if (!ready()) return;
    if (await addItem({ variantId: variant.id, sizeId, quantity: 1 })) {
      toastSuccess(orderToasts.addedToBasket, product.name);
      show('basketPanel');
    }
  };

  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button size="md" leftSection={<IconShoppingBagPlus size={20} />} disabled={!buyable} loading={adding} onClick={() => void add()} style={{ flex: '1 1 180px' }}>
          В корзину
        </Button>
        <Button size="md" variant="light" leftSection={<IconBolt size={20} />} disabled={!buyable} onClick={() => ready() && setOneClick(true)} style={{ flex: '1 1 180px' }}>
          Купить в 1 клик
        </Button>
        <WishlistToggle productId={product.id} productName={product.name} size="xl" />
      </Group>
      {oneClick && (
        <Suspense fallback={null}>
          <OneClickModal product={product} variant={variant} sizeId={sizeId} onClose={() => setOneClick(false)} />
        </Suspense>
      )}
    </>
  );
}
