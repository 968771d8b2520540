import { Badge, Text } from '@mantine/core';
import type { NewsCard } from '../../../shared/schemas/content.js';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';
import type { ListScreen } from '../ui/AdminListPage';
import { contentPaths } from './paths';

type NewsRow = NewsCard & { name: string };

/** /admin/newsPosts: the shared paged list, searching by title, newest first. */
export const newsList: ListScreen<NewsRow> = {
  titles: { list: 'Новости', create: 'Новая новость' },
  paths: { create: contentPaths.createNews, item: contentPaths.newsPost },
  deletedMessage: 'Новость удалена',
  leading: (row) => <ShopImage name={row.image} alt="" w={56} h={40} radius="sm" fit="cover" sizes="56px" />,
  columns: [
    { label: 'Адрес (url)', render: (row) => row.url },
    { label: 'Дата', width: 130, render: (row) => row.createdAt.toLocaleDateString('ru-RU') },
    { label: 'На главной', width: 130, render: (row) => (row.showOnMain ? <Badge variant="light">На главной</Badge> : <Text c="dimmed">—</Text>) },
  ],
  useList: (input) => {
    const query = trpc.content.news.list.useQuery({ ...(input.name ? { title: input.name } : {}), limit: input.limit, offset: input.offset });
    return { data: query.data && { rows: query.data.rows.map((row) => ({ ...row, name: row.title })), length: query.data.length }, isLoading: query.isLoading };
  },
  useDelete() {
    const utils = trpc.useUtils();
    const remove = trpc.content.news.delete.useMutation({ onSuccess: () => utils.content.news.invalidate() });
    return { remove: (id) => remove.mutateAsync({ newsId: id }), deleting: remove.isPending };
  },
};
