import { Button } from '@mantine/core';
import { IconShoppingBagPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Product, ProductCard } from '../../../shared/schemas/catalogue.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { colourSoldOut } from '../../ui/stock';
import { toastError } from '../../ui/toast';
import { useBasket } from './use-basket';

// The chooser loads only when a product needs a colour or a size picked.
const ChooseOptionsModal = lazy(() => import('./ChooseOptionsModal'));
// The stepper loads once a line of the product is in the basket (the button shows meanwhile).
const BasketStepper = lazy(() => import('./BasketStepper'));

/** The one variant to add straight away: a product with sizes or several in stock asks first. */
function onlyChoice(product: Product): number | null {
  const inStock = product.variants.filter((variant) => !colourSoldOut(variant));
  return product.sizes.length === 0 && inStock.length === 1 ? inStock[0]!.id : null;
}

/**
 * «В корзину» on a catalogue card; with one line of the product in the basket, its «− N +» stepper;
 * with several (colours or sizes chosen in the modal), «В корзине (N)» linking to the basket.
 */
export function CardBasketButton({ product }: { product: ProductCard }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { addItem, basket } = useBasket();
  const lines = basket?.status === 'Active' ? basket.orderProducts.filter((line) => line.productId === product.id) : [];
  const [loading, setLoading] = useState(false);
  const [choosing, setChoosing] = useState<Product | null>(null);
  // The button pressed had the focus: the stepper that replaces it takes it over.
  const [focusStepper, setFocusStepper] = useState(false);

  const onClick = async (hadFocus: boolean) => {
    setLoading(true);
    try {
      const full = await utils.catalogue.products.byUrl.fetch({ url: product.url });
      const variantId = onlyChoice(full);
      if (variantId === null) setChoosing(full);
      // The confirmation's code is not part of the catalogue's first load: it loads with the first add.
      else if (await addItem({ variantId, sizeId: null, quantity: 1 })) {
        setFocusStepper(hadFocus);
        void import('./added-confirmation').then(({ confirmAdded }) => confirmAdded(product.name, () => void navigate(routes.cart)));
      }
    } catch (error) {
      toastError(error);
    } finally {
      setLoading(false);
    }
  };

  const button = (
    <Button fullWidth size="xs" variant="light" leftSection={<IconShoppingBagPlus size={16} />} loading={loading} onClick={(event) => void onClick(document.activeElement === event.currentTarget)} aria-label={`В корзину: ${product.name}`}>
      В корзину
    </Button>
  );
  if (lines.length > 1) {
    return (
      <Button component={Link} to={routes.cart} fullWidth size="xs" variant="outline">
        В корзине ({lines.reduce((sum, line) => sum + line.quantity, 0)})
      </Button>
    );
  }
  return (
    <>
      {lines[0] ? (
        <Suspense fallback={button}>
          <BasketStepper line={lines[0]} productName={product.name} compact focusOnMount={focusStepper} />
        </Suspense>
      ) : (
        button
      )}
      {choosing && (
        <Suspense fallback={null}>
          <ChooseOptionsModal product={choosing} onClose={() => setChoosing(null)} />
        </Suspense>
      )}
    </>
  );
}
