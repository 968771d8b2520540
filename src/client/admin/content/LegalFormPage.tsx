import { Loader, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { legalPageInputSchema, legalSlugs, type LegalPageInput, type LegalSlug } from '../../../shared/schemas/legal.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { AdminNotFound } from '../ui/AdminNotFound';
import { loadFormValues } from '../ui/unsaved-changes';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { contentPaths } from './paths';
import { toasted } from '../ui/toasted';

const NewsBodyEditor = lazy(() => import('./NewsBodyEditor'));

const isSlug = (value: string): value is LegalSlug => (legalSlugs as readonly string[]).includes(value);

/** /admin/legal/{slug}: a legal page's title and rich-text body; each save makes a new version. */
export function LegalFormPage() {
  const param = useParams()['slug'] ?? '';
  const slug: LegalSlug = isSlug(param) ? param : 'privacy';
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const item = trpc.content.legal.get.useQuery({ slug }, { enabled: isSlug(param), meta: { silent: true } });
  const update = trpc.content.legal.update.useMutation({ onSuccess: () => utils.content.legal.invalidate() });
  const staleGuard = useStaleGuard(item.refetch);
  const loaded = item.data;
  useTitle(loaded ? `Правовая страница: ${loaded.title}` : 'Правовая страница');

  const form = useForm<Required<LegalPageInput>>({ mode: 'controlled', initialValues: { title: '', body: '' }, validate: schemaResolver(legalPageInputSchema, { sync: true }) });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (loaded) loadFormValues({ setValues, resetDirty }, { title: loaded.title, body: loaded.body });
  }, [loaded, setValues, resetDirty]);

  if (!isSlug(param)) return <AdminNotFound what="Страница" backTo={contentPaths.legal} backLabel="К списку" />;
  return (
    <FormFrame
      dirty={form.isDirty()}
      title={`Правовая страница: ${loaded?.title ?? ''}`}
      loading={item.isLoading}
      record={item}
      saving={update.isPending}
      backTo={contentPaths.legal}
      maw={900}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(toasted(async (values) => {
        await staleGuard.guard(update.mutateAsync({ slug, ...values, version: loaded?.version }));
        toastSuccess('Страница сохранена');
        void navigate(contentPaths.legal);
      }))}
    >
      <FormSection>
        {loaded && (
          <Text size="sm" c="dimmed" data-legal-version>
            Версия {loaded.version}, изменена {loaded.updatedAt.toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' })}. Страница на сайте: /{slug}
          </Text>
        )}
        <TextInput label="Заголовок" withAsterisk {...form.getInputProps('title')} />
        <Suspense fallback={<Loader size="sm" />}>
          <NewsBodyEditor label="Текст страницы" value={form.values.body} onChange={(html) => form.setFieldValue('body', html)} error={form.errors['body'] as string | undefined} />
        </Suspense>
      </FormSection>
    </FormFrame>
  );
}
