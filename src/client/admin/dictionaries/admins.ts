import { routes } from '../../routes';
import { trpc } from '../../trpc';
import type { DictionaryAdmin } from './types';

export const tagsAdmin: DictionaryAdmin = {
  titles: { list: 'Теги', create: 'Новый тег', edit: 'Тег', noun: 'тег' },
  paths: { list: routes.adminTags, create: `${routes.adminTags}/create-tag`, item: (id) => `${routes.adminTags}/${id}` },
  messages: { created: 'Тег создан', updated: 'Тег обновлён', deleted: 'Тег удалён' },
  useList: (input) => trpc.catalogue.tags.list.useQuery(input),
  useItem: (id) => trpc.catalogue.tags.get.useQuery({ tagId: id }, { enabled: id > 0, meta: { silent: true } }),
  useSave() {
    const utils = trpc.useUtils();
    const create = trpc.catalogue.tags.create.useMutation({ onSuccess: () => utils.catalogue.tags.invalidate() });
    const update = trpc.catalogue.tags.update.useMutation({ onSuccess: () => utils.catalogue.tags.invalidate() });
    return {
      save: (id, values, version) => (id ? update.mutateAsync({ tagId: id, ...values, version }) : create.mutateAsync(values)),
      saving: create.isPending || update.isPending,
    };
  },
  useDelete() {
    const utils = trpc.useUtils();
    const remove = trpc.catalogue.tags.delete.useMutation({ onSuccess: () => utils.catalogue.tags.invalidate() });
    return { remove: (id) => remove.mutateAsync({ tagId: id }), deleting: remove.isPending };
  },
};

export const sizesAdmin: DictionaryAdmin = {
  titles: { list: 'Размеры', create: 'Новый размер', edit: 'Размер', noun: 'размер' },
  paths: { list: routes.adminSizes, create: `${routes.adminSizes}/create-size`, item: (id) => `${routes.adminSizes}/${id}` },
  messages: { created: 'Размер создан', updated: 'Размер обновлён', deleted: 'Размер удалён' },
  useList: (input) => trpc.catalogue.sizes.list.useQuery(input),
  useItem: (id) => trpc.catalogue.sizes.get.useQuery({ sizeId: id }, { enabled: id > 0, meta: { silent: true } }),
  useSave() {
    const utils = trpc.useUtils();
    const create = trpc.catalogue.sizes.create.useMutation({ onSuccess: () => utils.catalogue.sizes.invalidate() });
    const update = trpc.catalogue.sizes.update.useMutation({ onSuccess: () => utils.catalogue.sizes.invalidate() });
    return {
      save: (id, values, version) => (id ? update.mutateAsync({ sizeId: id, ...values, version }) : create.mutateAsync(values)),
      saving: create.isPending || update.isPending,
    };
  },
  useDelete() {
    const utils = trpc.useUtils();
    const remove = trpc.catalogue.sizes.delete.useMutation({ onSuccess: () => utils.catalogue.sizes.invalidate() });
    return { remove: (id) => remove.mutateAsync({ sizeId: id }), deleting: remove.isPending };
  },
};
