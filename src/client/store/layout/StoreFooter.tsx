import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { CallbackButton } from '../content/CallbackButton';

export function StoreFooter() {
  return (
    <Box component="footer" bg="gray.0" mt="xl" py="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
          <Stack gap={4}>
            <Text fw={700}>Покупателям</Text>
            <Anchor component={Link} to={routes.catalog} size="sm" c="dimmed">
              Каталог
            </Anchor>
            <Anchor component={Link} to={routes.news} size="sm" c="dimmed">
              Новости
            </Anchor>
            <Anchor component={Link} to={routes.profile} size="sm" c="dimmed">
              Личный кабинет
            </Anchor>
          </Stack>
          <Stack gap={4}>
            <Anchor component={Link} to="/delivery" fw={700} c="dark">
              Доставка и оплата
            </Anchor>
            <Text size="sm" c="dimmed">
              Доставка по всей России от 1 дня
            </Text>
            <Text size="sm" c="dimmed">
              Оплата при получении
            </Text>
            <Anchor component={Link} to="/returns" size="sm" c="dimmed">
              Обмен и возврат
            </Anchor>
          </Stack>
          <Stack gap={4}>
            <Text fw={700}>Контакты</Text>
            <Anchor href="tel:+78000000000" size="sm" c="dimmed">
              8 800 000-00-00
            </Anchor>
            <Text size="sm" c="dimmed">
              Ежедневно с 9:00 до 21:00
            </Text>
            <CallbackButton />
          </Stack>
        </SimpleGrid>
        <Group mt="lg">
          <Anchor component={Link} to="/privacy" size="xs" c="dimmed">
            Политика конфиденциальности
          </Anchor>
          <Anchor component={Link} to="/offer" size="xs" c="dimmed">
            Публичная оферта
          </Anchor>
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Магазин. Все права защищены.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
