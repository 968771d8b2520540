import { Center, Loader, Stack, Text, Title, Typography } from '@mantine/core';
import type { LegalSlug } from '../../../shared/schemas/legal.js';
import { trpc } from '../../trpc';
import { useTitle } from '../../ui/use-title';
import { NotFoundPage } from '../NotFoundPage';

/**
 * /privacy, /offer, /delivery, /returns: a legal page as the admin wrote it. The body is HTML the
 * server cleaned by the news allow-list when it was saved, so it is shown as it is.
 */
export default function LegalPage({ slug }: { slug: LegalSlug }) {
  const page = trpc.content.legal.get.useQuery({ slug }, { retry: false });
  useTitle(page.data?.title ?? 'Магазин');
  if (page.error) return <NotFoundPage />;
  if (!page.data) {
    return (
      <Center h="40vh">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="md" maw={800} mx="auto" component="article">
      <Title order={1}>{page.data.title}</Title>
      <Text size="sm" c="dimmed">
        Редакция от {page.data.updatedAt.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' })}
      </Text>
      <Typography>
        <div data-legal-body dangerouslySetInnerHTML={{ __html: page.data.body }} />
      </Typography>
    </Stack>
  );
}
