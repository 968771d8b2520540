import { TextInput } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { loadFormValues } from '../ui/unsaved-changes';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { UrlField } from '../ui/UrlField';
import { toasted } from '../ui/toasted';

interface NamedValues {
  name: string;
  url: string;
}

/** What a simple catalogue edit screen (a brand, a colour) needs, bound to its entity's procedures. */
export interface EntityForm<Values extends NamedValues, Item extends Values & { version: number }> {
  /** «Бренд» and «Новый бренд»: the edit screen's heading noun and the create screen's title. */
  titles: { edit: string; create: string };
  admin: { paths: { list: string }; messages: { created: string; updated: string } };
  initialValues: Values;
  validate: (values: Values) => FormErrors;
  valuesOf: (item: Item) => Values;
  useItem: (id: number | null) => { data: Item | undefined; isLoading: boolean; error: unknown; refetch: () => Promise<unknown> };
  useSave: () => { save: (id: number | null, values: Values, version?: number) => Promise<unknown>; saving: boolean };
  /** The entity's own fields, after the name and url. */
  fields: (form: UseFormReturnType<Values>) => ReactNode;
}

/** Create (no id in the path) or edit (id in the path) one record named by `name` and `url`. */
export function EntityFormPage<Values extends NamedValues, Item extends Values & { version: number }>({ entity }: { entity: EntityForm<Values, Item> }) {
  const id = Number(useParams()['id'] ?? 0) || null;
  const navigate = useNavigate();
  const item = entity.useItem(id);
  const { save, saving } = entity.useSave();
  const staleGuard = useStaleGuard(item.refetch);
  useTitle(id ? `${entity.titles.edit} #${id}` : entity.titles.create);

  const form = useForm<Values>({ mode: 'controlled', initialValues: entity.initialValues, validate: entity.validate });

  /** The fields every entity has, seen without the entity's own. */
  const named: Pick<UseFormReturnType<NamedValues>, 'setFieldValue'> = form;

  const loaded = item.data;
  useEffect(() => {
    if (loaded) loadFormValues(form, entity.valuesOf(loaded));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  return (
    <FormFrame
      dirty={form.isDirty()}
      title={id ? `${entity.titles.edit}: ${loaded?.name ?? ''}` : entity.titles.create}
      loading={id !== null && item.isLoading}
      record={id ? item : undefined}
      saving={saving}
      backTo={entity.admin.paths.list}
      maw={560}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(toasted(async (values) => {
        await staleGuard.guard(save(id, values, loaded?.version));
        toastSuccess(id ? entity.admin.messages.updated : entity.admin.messages.created);
        void navigate(entity.admin.paths.list);
      }))}
    >
      <FormSection>
        <TextInput label="Название" withAsterisk {...form.getInputProps('name')} />
        <UrlField fromName={form.values.name} followName={!id} value={form.values.url} onChange={(url) => named.setFieldValue('url', url)} error={form.errors['url']} />
        {entity.fields(form)}
      </FormSection>
    </FormFrame>
  );
}
