import type { RouteObject } from 'react-router-dom';
import { sizesAdmin, tagsAdmin } from './admins';
import { DictionaryFormPage } from './DictionaryFormPage';
import { DictionaryListPage } from './DictionaryListPage';

/** /admin/tags, /admin/tags/create-tag, /admin/tags/{id} and the same for sizes. */
export const dictionaryAdminRoutes: RouteObject[] = [
  { path: 'tags', element: <DictionaryListPage admin={tagsAdmin} /> },
  { path: 'tags/create-tag', element: <DictionaryFormPage key="new-tag" admin={tagsAdmin} /> },
  { path: 'tags/:id', element: <DictionaryFormPage admin={tagsAdmin} /> },
  { path: 'sizes', element: <DictionaryListPage admin={sizesAdmin} /> },
  { path: 'sizes/create-size', element: <DictionaryFormPage key="new-size" admin={sizesAdmin} /> },
  { path: 'sizes/:id', element: <DictionaryFormPage admin={sizesAdmin} /> },
];
