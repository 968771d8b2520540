import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { useTitle } from '../../ui/use-title';

// Product cards come with their own chunk, shared with the catalogue, so the home page's first JavaScript stays small.
const NewArrivals = lazy(() => import('../catalogue/NewArrivals'));

export function HomePage() {
  useTitle('Интернет-магазин одежды и обуви');
  return (
    <Stack gap="xl">
      <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="blue.0">
        <Stack gap="sm" maw={640}>
          <Title order={1}>Одежда, обувь и аксессуары</Title>
          <Text size="lg">Новые коллекции каждую неделю, доставка по всей России и примерка перед покупкой.</Text>
          <Button component={Link} to={routes.catalog} size="md" w="fit-content">
            Перейти в каталог
          </Button>
        </Stack>
      </Paper>
      <Suspense fallback={null}>
        <NewArrivals />
      </Suspense>
    </Stack>
  );
}
