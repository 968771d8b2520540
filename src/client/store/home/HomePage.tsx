import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { useTitle } from '../../ui/use-title';

export function HomePage() {
  useTitle('Интернет-магазин одежды и обуви');
  return (
    <Stack gap="lg">
      <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="blue.0">
        <Stack gap="sm" maw={640}>
          <Title order={1}>Одежда, обувь и аксессуары</Title>
          <Text size="lg">Новые коллекции каждую неделю, доставка по всей России и примерка перед покупкой.</Text>
          <Button component={Link} to={routes.catalog} size="md" w="fit-content">
            Перейти в каталог
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
