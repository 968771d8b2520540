import { Button, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { Product, Variant } from '../../../shared/schemas/catalogue.js';
import { toastSuccess } from '../../ui/toast';
import { ProductPrice } from '../../ui/ProductPrice';
import { colourSoldOut, sizeInStock, sizeStock } from '../../ui/stock';
import { StockLine } from '../../ui/StockLine';
import { VariantPicker } from '../../ui/VariantPicker';
import { orderToasts, sizePrompt } from './messages';
import { SizePicker } from './SizePicker';
import { useBasket } from './use-basket';

/** From a catalogue card: the colour and size of a product that has a choice, then into the basket. */
export default function ChooseOptionsModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const { addItem, adding } = useBasket();
  const [variant, setVariant] = useState<Variant | undefined>(() => product.variants.find((item) => !colourSoldOut(item)) ?? product.variants[0]);
  const [sizeUrl, setSizeUrl] = useState<string | null>(null);
  const [prompted, setPrompted] = useState(false);
  const size = sizeInStock(variant, product.sizes.find((item) => item.url === sizeUrl));
  const soldOut = !variant || colourSoldOut(variant);

  // Another colour keeps the chosen size when that size is in stock in it.
  const chooseColour = (next: Variant) => {
    setVariant(next);
    setSizeUrl(sizeInStock(next, size)?.url ?? null);
  };
  const add = async () => {
    if (!variant) return;
    if (product.sizes.length > 0 && !size) {
      setPrompted(true);
      return;
    }
    if (await addItem({ variantId: variant.id, sizeId: size?.id ?? null, quantity: 1 })) {
      toastSuccess(orderToasts.addedToBasket, product.name);
      onClose();
    }
  };

  return (
    <Modal opened onClose={onClose} title={product.name} centered closeButtonProps={{ 'aria-label': 'Закрыть' }}>
      <Stack>
        {variant && <ProductPrice price={variant.price} oldPrice={variant.oldPrice} size="lg" />}
        {variant && product.variants.length > 1 && <VariantPicker variants={product.variants} selected={variant} onSelect={chooseColour} />}
        {product.sizes.length > 0 && (
          <SizePicker
            sizes={product.sizes}
            stockOf={(sizeId) => (variant ? sizeStock(variant, sizeId) : 0)}
            value={size?.url ?? null}
            onChange={(next) => {
              setSizeUrl(next);
              setPrompted(false);
            }}
            error={prompted ? sizePrompt : null}
          />
        )}
        {variant && (size ? <StockLine stock={sizeStock(variant, size.id)} sizeName={size.name} /> : <StockLine stock={variant.stock} />)}
        <Button onClick={() => void add()} loading={adding} disabled={soldOut}>
          Добавить в корзину
        </Button>
      </Stack>
    </Modal>
  );
}
