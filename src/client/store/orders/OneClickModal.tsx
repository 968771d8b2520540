import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Product, Variant } from '../../../shared/schemas/catalogue.js';
import { formatRubles } from '../../../shared/money.js';
import { useCheckoutForm, usePlaceOrder } from './checkout-form';
import { ConsentCheckbox } from '../../ui/ConsentCheckbox';
import { CheckoutFields } from './CheckoutFields';

interface OneClickModalProps {
  product: Product;
  variant: Variant;
  sizeId: number | null;
  onClose: () => void;
}

/** «Купить в 1 клик»: this variant and size, one piece, no basket; the same checkout rules. */
export default function OneClickModal({ product, variant, sizeId, onClose }: OneClickModalProps) {
  const form = useCheckoutForm();
  const { place, placing } = usePlaceOrder(onClose);
  const size = product.sizes.find((item) => item.id === sizeId);
  return (
    <Modal opened onClose={onClose} title="Купить в 1 клик" size="lg">
      <form onSubmit={form.onSubmit((values) => place({ oneClick: { variantId: variant.id, sizeId, quantity: 1 } }, values))} noValidate>
        <Stack>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={500}>
              {product.name}
              {variant.color ? `, ${variant.color.name}` : ''}
              {size ? `, размер ${size.name}` : ''}
            </Text>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {formatRubles(variant.price)}
            </Text>
          </Group>
          <CheckoutFields form={form} />
          <ConsentCheckbox {...form.getInputProps('consent', { type: 'checkbox' })} />
          <Button type="submit" size="md" loading={placing}>
            Подтвердить заказ
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
