import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../trpc';
import { ShopPagination } from '../../ui/ShopPagination';
import { useTitle } from '../../ui/use-title';
import { NewsCards } from './NewsCards';

const PAGE_SIZE = 12;

/** /news: every post, newest first, 12 a page (the page in the query string). */
export default function NewsListPage() {
  useTitle('Новости');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const news = trpc.content.news.list.useQuery({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const total = Math.ceil((news.data?.length ?? 0) / PAGE_SIZE);
  return (
    <Stack gap="lg">
      <Title order={1}>Новости</Title>
      {news.data && news.data.rows.length === 0 && <Text>Новостей пока нет.</Text>}
      {news.data && <NewsCards rows={news.data.rows} headingOrder={2} />}
      {total > 1 && <ShopPagination total={total} value={page} onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})} />}
    </Stack>
  );
}
