import { Center, Loader, Stack, Text, Title, Typography } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { legalSlugs, type LegalSlug } from '../../../shared/legal-slugs.js';
import { trpc } from '../../trpc';
import { useTitle } from '../../ui/use-title';
import { NotFoundPage } from '../NotFoundPage';

/**
 * /privacy, /offer, /delivery, /returns: a legal page as the admin wrote it. The body is HTML the
 * server cleaned by the news allow-list when it was saved, so it is shown as it is.
 */
export default function LegalPage() {
  const param = useParams()['legal'] ?? '';
  const slug = legalSlugs.find((known): known is LegalSlug => known === param);
  const page = trpc.content.legal.get.useQuery({ slug: slug ?? 'privacy' }, { retry: false, enabled: slug !== undefined });
  useTitle(slug && !page.error ? (page.data?.title ?? 'Магазин') : 'Страница не найдена');
  if (!slug || page.error) return <NotFoundPage />;
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
