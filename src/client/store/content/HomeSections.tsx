import { Alert, Anchor, Group, Stack, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { lazy } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { WhenVisible } from '../../ui/WhenVisible';
import { withDeliveryPromise } from './delivery-promise';
import { MainBrands } from './MainBrands';
import { NewsCards } from './NewsCards';
import { ProductCarousel } from './ProductCarousel';

// Far below the fold: loaded when the shopper scrolls near them (the form brings zod and
// @mantine/form, the review Mantine's Rating), so the home page's first load stays small.
const MainReview = lazy(() => import('./MainReview').then((module) => ({ default: module.MainReview })));
const SubscribeForm = lazy(() => import('./SubscribeForm').then((module) => ({ default: module.SubscribeForm })));

/**
 * The shop's advertisement strip: the first advertisement, when there is one, shown once the
 * delivery rule is known (its free-delivery promise follows delivery.options; a failure shows none).
 */
function AdvertisementStrip() {
  const ads = trpc.content.advertisements.list.useQuery({});
  const delivery = trpc.delivery.options.useQuery({}, { staleTime: 60_000, meta: { silent: true } });
  const ad = ads.data?.rows[0];
  if (!ad || delivery.isLoading) return null;
  return (
    <Alert icon={<IconSpeakerphone />} title={ad.title} color="blue" radius="md" variant="light">
      {withDeliveryPromise(ad.description, delivery.data?.freeFrom ?? null)}
    </Alert>
  );
}

function MainNews() {
  const news = trpc.content.news.list.useQuery({ showOnMain: true, limit: 6 });
  const rows = news.data?.rows ?? [];
  if (!rows.length) return null;
  return (
    <Stack gap="md" component="section" aria-label="Новости">
      <Group justify="space-between" align="baseline">
        <Title order={2}>Новости</Title>
        <Anchor component={Link} to={routes.news}>
          Все новости
        </Anchor>
      </Group>
      <NewsCards rows={rows} />
    </Stack>
  );
}

/**
 * The home page below the banner (a lazy chunk): the best-product and main-page carousels (the
 * tags «Хит продаж» and «Новинка»), the advertisement, brands for the main page, the main-page
 * review, news for the main page and the subscription form. Each block is one request.
 */
export default function HomeSections() {
  return (
    <Stack gap="xl">
      <AdvertisementStrip />
      <ProductCarousel title="Хиты продаж" tag="hit-prodazh" />
      <ProductCarousel title="Новинки" tag="novinka" />
      <MainBrands />
      <WhenVisible minHeight={1}>
        <MainReview />
      </WhenVisible>
      <MainNews />
      <WhenVisible minHeight={160}>
        <SubscribeForm />
      </WhenVisible>
    </Stack>
  );
}
