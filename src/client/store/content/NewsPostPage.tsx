import { Anchor, AspectRatio, Center, Loader, Stack, Text, Title, Typography } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';
import { useTitle } from '../../ui/use-title';
import { NotFoundPage } from '../NotFoundPage';
import { newsDate } from './NewsCards';

/**
 * /news/{url}: one post. Its body is HTML that the server cleaned by its allow-list when it was
 * saved (no scripts, event handlers or javascript: links), so it is shown as it is.
 */
export default function NewsPostPage() {
  const { url = '' } = useParams();
  const post = trpc.content.news.byUrl.useQuery({ url }, { retry: false });
  useTitle(post.data?.title ?? 'Новости');
  if (post.error) return <NotFoundPage />;
  if (!post.data) {
    return (
      <Center h="40vh">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="md" maw={800} mx="auto" component="article">
      <Anchor component={Link} to={routes.news} size="sm">
        ← Все новости
      </Anchor>
      <Title order={1}>{post.data.title}</Title>
      <Text size="sm" c="dimmed">
        {newsDate(post.data.createdAt)}
      </Text>
      {post.data.image && (
        <AspectRatio ratio={2}>
          <ShopImage name={post.data.image} alt="" fit="cover" radius="md" sizes="(max-width: 50em) 100vw, 800px" />
        </AspectRatio>
      )}
      <Typography>
        <div data-news-body dangerouslySetInnerHTML={{ __html: post.data.body }} />
      </Typography>
    </Stack>
  );
}
