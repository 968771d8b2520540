import { Button } from '@mantine/core';
import { IconShoppingBagPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Product, ProductCard } from '../../../shared/schemas/catalogue.js';
import { trpc } from '../../trpc';
import { colourSoldOut } from '../../ui/stock';
import { toastError, toastSuccess } from '../../ui/toast';
import { orderToasts } from './messages';
import { useBasket } from './use-basket';

// The chooser loads only when a product needs a colour or a size picked.
const ChooseOptionsModal = lazy(() => import('./ChooseOptionsModal'));

/** The one variant to add straight away: a product with sizes or several in stock asks first. */
function onlyChoice(product: Product): number | null {
  const inStock = product.variants.filter((variant) => !colourSoldOut(variant));
  return product.sizes.length === 0 && inStock.length === 1 ? inStock[0]!.id : null;
}

/** «В корзину» on a catalogue card. */
export function CardBasketButton({ product }: { product: ProductCard }) {
  const utils = trpc.useUtils();
  const { addItem } = useBasket();
  const [loading, setLoading] = useState(false);
  const [choosing, setChoosing] = useState<Product | null>(null);

  const onClick = async () => {
    setLoading(true);
    try {
      const full = await utils.catalogue.products.byUrl.fetch({ url: product.url });
      const variantId = onlyChoice(full);
      if (variantId === null) setChoosing(full);
      else if (await addItem({ variantId, sizeId: null, quantity: 1 })) toastSuccess(orderToasts.addedToBasket, product.name);
    } catch (error) {
      toastError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button fullWidth size="xs" variant="light" leftSection={<IconShoppingBagPlus size={16} />} loading={loading} onClick={() => void onClick()} aria-label={`В корзину: ${product.name}`}>
        В корзину
      </Button>
      {choosing && (
        <Suspense fallback={null}>
          <ChooseOptionsModal product={choosing} onClose={() => setChoosing(null)} />
        </Suspense>
      )}
    </>
  );
}
