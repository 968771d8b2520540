import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';
import { useTitle } from '../../ui/use-title';
import { contentPaths } from './paths';

/** /admin/banners: the home banner's slides as they are shown, and the way to change them. */
export function BannersPage() {
  useTitle('Баннеры');
  const slides = trpc.content.slides.list.useQuery({});
  const rows = slides.data?.rows ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Баннеры</Title>
        <Button component={Link} to={contentPaths.updateBanner} leftSection={<IconEdit size={16} />}>
          Изменить слайды
        </Button>
      </Group>
      {slides.data && !rows.length && <Text c="dimmed">Слайдов нет: баннер на главной странице скрыт.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {rows.map((slide, index) => (
          <Card key={slide.id} withBorder radius="md" padding="sm" data-slide={slide.image}>
            <Card.Section>
              <ShopImage name={slide.image} alt={`Слайд ${index + 1}`} h={140} fit="cover" sizes="400px" />
            </Card.Section>
            <Text fw={600} mt="xs">
              {index + 1}. {slide.title || 'Без заголовка'}
            </Text>
            {slide.subtitle && (
              <Text size="sm" c="dimmed">
                {slide.subtitle}
              </Text>
            )}
            {slide.buttonText && <Text size="sm">Кнопка: «{slide.buttonText}»</Text>}
            {slide.link ? (
              <Anchor href={slide.link} size="sm" target="_blank">
                {slide.link}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                Без ссылки
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
