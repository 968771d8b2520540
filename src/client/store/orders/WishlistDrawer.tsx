import { Anchor, Box, Button, Divider, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { ShopImage } from '../../ui/ShopImage';
import { ProductPrice } from '../../ui/ProductPrice';
import { EmptyState } from './EmptyState';
import { useWishlistProducts } from './use-wishlist-products';
import { WishlistToggle } from './WishlistToggle';

/** The wishlist panel: the chosen products, each a link to its page. */
export default function WishlistDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { products, loading, empty } = useWishlistProducts();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Избранное" size="md" closeButtonProps={{ 'aria-label': 'Закрыть избранное' }}>
      {loading ? (
        <Loader />
      ) : empty ? (
        <EmptyState icon={<IconHeart size={34} />} title="В избранном пока ничего нет" text="Отмечайте понравившиеся товары сердечком." onNavigate={onClose} />
      ) : (
        <Stack gap="sm">
          {products.map((product, index) => (
            <Fragment key={product.id}>
              {index > 0 && <Divider />}
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Box w={56} style={{ flexShrink: 0 }}>
                  <ShopImage name={product.image} alt="" radius="sm" sizes="56px" />
                </Box>
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Anchor component={Link} to={routes.product(product.url)} onClick={onClose} c="dark" size="sm" fw={500} lineClamp={2}>
                    {product.name}
                  </Anchor>
                  <ProductPrice price={product.price} oldPrice={product.oldPrice} size="sm" />
                  {!(product.availability && product.inStock) && (
                    <Text size="xs" c="dimmed">
                      Нет в наличии
                    </Text>
                  )}
                </Stack>
                <WishlistToggle productId={product.id} productName={product.name} />
              </Group>
            </Fragment>
          ))}
          <Button component={Link} to={routes.wishlist} onClick={onClose} variant="default" mt="sm">
            Открыть избранное
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
