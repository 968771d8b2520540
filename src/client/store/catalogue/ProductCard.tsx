import { AspectRatio, Badge, Card, ColorSwatch, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { countRu } from '../../../shared/plural.js';
import type { ProductCard as ProductCardData } from '../../../shared/schemas/catalogue.js';
import { routes } from '../../routes';
import { ShopImage } from '../../ui/ShopImage';
import { CardBasketButton } from '../orders/CardBasketButton';
import { WishlistToggle } from '../orders/WishlistToggle';
import classes from './ProductCard.module.css';
import { discountPercent, ProductPrice } from '../../ui/ProductPrice';

const MAX_SWATCHES = 5;

/**
 * A product in a catalogue grid: picture, price with the old one, brand, name, colours, stock, and
 * the wishlist heart and «В корзину» over it (buttons beside the card's link, never inside it).
 */
export function ProductCard({ product }: { product: ProductCardData }) {
  const buyable = product.availability && product.inStock;
  const discount = discountPercent(product.price, product.oldPrice);
  return (
    <Card withBorder radius="md" padding="sm" className={classes.card}>
      <Card.Section className={`${classes.picture} ${buyable ? '' : classes.soldOut}`}>
        <AspectRatio ratio={3 / 4}>
          {/* The link's own text names the product; the picture adds nothing to it. */}
          <ShopImage name={product.image} alt="" fit="cover" sizes="(max-width: 48em) 50vw, (max-width: 74em) 33vw, 300px" />
        </AspectRatio>
        {discount && (
          <Badge className={classes.badge} color="red" variant="filled">
            −{discount}%
          </Badge>
        )}
      </Card.Section>
      <div className={classes.favourite}>
        <WishlistToggle productId={product.id} productName={product.name} />
      </div>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        <ProductPrice price={product.price} oldPrice={product.oldPrice} />
        {product.brands[0] && (
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lineClamp={1}>
            {product.brands[0].name}
          </Text>
        )}
        <Text component={Link} to={routes.product(product.url)} size="sm" lineClamp={2} className={classes.link}>
          {product.name}
        </Text>
        {product.rating !== null && product.reviewCount > 0 && (
          <Group gap={4} wrap="nowrap">
            <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
            <Text size="xs" fw={600}>
              {product.rating.toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
            </Text>
            <Text size="xs" c="dimmed">
              · {countRu(product.reviewCount, ['отзыв', 'отзыва', 'отзывов'])}
            </Text>
          </Group>
        )}
        <Group gap={6} mt="auto" pt={4} justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            {product.colors.slice(0, MAX_SWATCHES).map((color) => (
              <ColorSwatch key={color.id} color={color.code} size={14} title={color.name} aria-hidden />
            ))}
            {product.colors.length > MAX_SWATCHES && (
              <Text size="xs" c="dimmed">
                +{product.colors.length - MAX_SWATCHES}
              </Text>
            )}
          </Group>
          {buyable ? (
            <VisuallyHidden>В наличии</VisuallyHidden>
          ) : (
            <Text size="xs" c="dimmed" fw={500}>
              Нет в наличии
            </Text>
          )}
        </Group>
        {buyable && (
          <div className={classes.actions}>
            <CardBasketButton product={product} />
          </div>
        )}
      </Stack>
    </Card>
  );
}
