import { Button } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The dialog, its form and the e-mail schema (zod) load when the shopper reaches for the button:
// the product page's first load stays light.
const loadDialog = () => import('./StockAlertDialog');
const StockAlertDialog = lazy(loadDialog);

export interface StockAlertButtonProps {
  productId: number;
  variantId: number;
  /** The size that is sold out; null for a product without sizes. */
  sizeId: number | null;
  /** Rubles: the price the shopper sees, from which a price drop is counted. */
  price: number;
}

/**
 * «Сообщить о поступлении» for a sold-out item: a dialog with the address (a guest types it and
 * confirms it from a letter; a signed-in shopper's account address is used as is) and «Сообщить и
 * о снижении цены».
 */
export function StockAlertButton(props: StockAlertButtonProps) {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconBell size={18} aria-hidden />}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
      >
        Сообщить о поступлении
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <StockAlertDialog {...props} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
