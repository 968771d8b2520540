import { Stack, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTitle } from '../../ui/use-title';

// The banner (carousel + embla) and the blocks below it are lazy chunks, so the home page's first JavaScript stays small.
const HomeBanner = lazy(() => import('../content/HomeBanner'));
const HomeSections = lazy(() => import('../content/HomeSections'));

export function HomePage() {
  useTitle('Интернет-магазин одежды и обуви');
  return (
    <Stack gap="xl">
      <VisuallyHidden>
        <Title order={1}>Магазин — одежда, обувь и аксессуары</Title>
      </VisuallyHidden>
      <Suspense fallback={null}>
        <HomeBanner />
      </Suspense>
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </Stack>
  );
}
