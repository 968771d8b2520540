import { Box, Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBolt, IconShoppingBagPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Product, Variant } from '../../../shared/schemas/catalogue.js';
import { routes } from '../../routes';
import { useDisplayFlags } from '../../ui/display-flags';
import { colourSoldOut, sizeStock } from '../../ui/stock';
import { confirmAdded, phoneQuery } from './added-confirmation';
import { useBasket } from './use-basket';
import { useScrolledPast } from './use-scrolled-past';
import { WishlistToggle } from './WishlistToggle';

// The one-click form loads when it is first opened; the stepper once the line is in the basket;
// the phone's buy bar the first time the page's own button scrolls away.
const OneClickModal = lazy(() => import('./OneClickModal'));
const BasketStepper = lazy(() => import('./BasketStepper'));
const StickyBuyBar = lazy(() => import('./StickyBuyBar'));

interface ProductBuyBoxProps {
  product: Product;
  variant: Variant;
  sizeId: number | null;
  /** «В корзину» was pressed on a product with sizes and none is chosen. */
  onSizeMissing: () => void;
}

/**
 * The product page's «В корзину» (a «− N +» stepper once the chosen colour and size is in the
 * basket), «Купить в 1 клик» and the wishlist heart; on a phone, a buy bar at the bottom once they
 * have scrolled away.
 */
export function ProductBuyBox({ product, variant, sizeId, onSizeMissing }: ProductBuyBoxProps) {
  const { addItem, adding, basket } = useBasket();
  const { show } = useDisplayFlags();
  const navigate = useNavigate();
  const line = basket?.status === 'Active' ? basket.orderProducts.find((known) => known.variantId === variant.id && known.sizeId === sizeId) : undefined;
  const phone = useMediaQuery(phoneQuery);
  const { ref, element, past } = useScrolledPast<HTMLDivElement>();
  const scrolledAway = phone === true && past;
  const [oneClick, setOneClick] = useState(false);
  // The button pressed had the focus: the stepper that replaces it takes it over.
  const [focusStepper, setFocusStepper] = useState(false);
  // The chosen size must be in stock; before a size is chosen, any size of the colour.
  const buyable = product.availability && (sizeId === null ? !colourSoldOut(variant) : sizeStock(variant, sizeId) > 0);
  const needsSize = product.sizes.length > 0 && sizeId === null;

  const ready = () => {
    if (needsSize) {
      onSizeMissing();
      // From the phone's buy bar: back to the sizes, where the prompt shows.
      if (scrolledAway) element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
    return !needsSize;
  };
  const add = async (hadFocus: boolean) => {
    if (!ready()) return;
    // On a phone a short confirmation; the drawer opens on wider screens only.
    if (await addItem({ variantId: variant.id, sizeId, quantity: 1 })) {
      setFocusStepper(hadFocus);
      if (!confirmAdded(product.name, () => void navigate(routes.cart))) show('basketPanel');
    }
  };
  const addButton = (
    <Button size="md" fullWidth leftSection={<IconShoppingBagPlus size={20} />} disabled={!buyable} loading={adding} onClick={(event) => void add(document.activeElement === event.currentTarget)}>
      В корзину
    </Button>
  );
  const basketControl = line ? (
    <Suspense fallback={addButton}>
      <BasketStepper line={line} productName={product.name} focusOnMount={focusStepper} />
    </Suspense>
  ) : (
    addButton
  );

  return (
    <>
      <Group gap="sm" wrap="wrap" ref={ref}>
        <Box style={{ flex: '1 1 180px' }}>{basketControl}</Box>
        <Button size="md" variant="light" leftSection={<IconBolt size={20} />} disabled={!buyable} onClick={() => ready() && setOneClick(true)} style={{ flex: '1 1 180px' }}>
          Купить в 1 клик
        </Button>
        <WishlistToggle productId={product.id} productName={product.name} size="xl" />
      </Group>
      {scrolledAway && (
        <Suspense fallback={null}>
          <StickyBuyBar price={variant.price}>{basketControl}</StickyBuyBar>
        </Suspense>
      )}
      {oneClick && (
        <Suspense fallback={null}>
          <OneClickModal product={product} variant={variant} sizeId={sizeId} onClose={() => setOneClick(false)} />
        </Suspense>
      )}
    </>
  );
}
