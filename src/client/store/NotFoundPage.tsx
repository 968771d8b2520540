import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../routes';
import { useTitle } from '../ui/use-title';

export function NotFoundPage() {
  useTitle('Страница не найдена');
  return (
    <Stack align="center" py="xl">
      <Title order={1}>404</Title>
      <Text>Такой страницы нет. Возможно, она была удалена или адрес набран с ошибкой.</Text>
      <Button component={Link} to={routes.home}>
        На главную
      </Button>
    </Stack>
  );
}
