import type { RouteObject } from 'react-router-dom';
import type { DictionaryItem } from '../../../shared/schemas/dictionaries.js';
import { AdminListPage, type ListScreen } from '../ui/AdminListPage';
import type { DictionaryAdmin } from './types';
import { sizesAdmin, tagsAdmin } from './admins';
import { DictionaryFormPage } from './DictionaryFormPage';

/** A dictionary's list screen: the shared admin list with its url column. */
function listScreen(admin: DictionaryAdmin): ListScreen<DictionaryItem> {
  return {
    titles: admin.titles,
    paths: admin.paths,
    deletedMessage: admin.messages.deleted,
    columns: [{ label: 'Адрес (url)', render: (row) => row.url }],
    useList: admin.useList,
    useDelete: admin.useDelete,
  };
}

const tagsList = listScreen(tagsAdmin);
const sizesList = listScreen(sizesAdmin);

/** /admin/tags, /admin/tags/create-tag, /admin/tags/{id} and the same for sizes. */
export const dictionaryAdminRoutes: RouteObject[] = [
  { path: 'tags', element: <AdminListPage key="tags" screen={tagsList} /> },
  { path: 'tags/create-tag', element: <DictionaryFormPage key="new-tag" admin={tagsAdmin} /> },
  { path: 'tags/:id', element: <DictionaryFormPage admin={tagsAdmin} /> },
  { path: 'sizes', element: <AdminListPage key="sizes" screen={sizesList} /> },
  { path: 'sizes/create-size', element: <DictionaryFormPage key="new-size" admin={sizesAdmin} /> },
  { path: 'sizes/:id', element: <DictionaryFormPage admin={sizesAdmin} /> },
];
