import { AspectRatio, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { NewsCard } from '../../../shared/schemas/content.js';
import { ShopImage } from '../../ui/ShopImage';

export const newsDate = (date: Date) => date.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** News posts as cards: picture, date, title and excerpt; each card is a link to the post. */
export function NewsCards({ rows, headingOrder = 3 }: { rows: NewsCard[]; headingOrder?: 2 | 3 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      {rows.map((post) => (
        <Card key={post.id} component={Link} to={`/news/${encodeURIComponent(post.url)}`} withBorder radius="md" padding="md">
          <Card.Section>
            <AspectRatio ratio={2}>
              <ShopImage name={post.image} alt="" fit="cover" sizes="(max-width: 48em) 100vw, 400px" />
            </AspectRatio>
          </Card.Section>
          <Text size="sm" c="dimmed" mt="sm">
            {newsDate(post.createdAt)}
          </Text>
          <Title order={headingOrder} size="h4" mt={4}>
            {post.title}
          </Title>
          {post.excerpt && (
            <Text size="sm" mt={4}>
              {post.excerpt}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
