import { Loader, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { newsInputSchema } from '../../../shared/schemas/content.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { ImageInput } from '../media/ImageInput';
import { loadFormValues } from '../ui/unsaved-changes';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { UrlField } from '../ui/UrlField';
import { contentPaths } from './paths';
import { toasted } from '../ui/toasted';

const NewsBodyEditor = lazy(() => import('./NewsBodyEditor'));

interface NewsValues {
  title: string;
  url: string;
  excerpt: string;
  body: string;
  image: string | null;
  showOnMain: boolean;
}

/** /admin/newsPosts/create-news and /admin/newsPosts/{id}: title, url, picture, excerpt, rich-text body, main-page flag. */
export function NewsFormPage() {
  const id = Number(useParams()['id'] ?? 0) || null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const item = trpc.content.news.get.useQuery({ newsId: id ?? 0 }, { enabled: id !== null, meta: { silent: true } });
  const create = trpc.content.news.create.useMutation({ onSuccess: () => utils.content.news.invalidate() });
  const update = trpc.content.news.update.useMutation({ onSuccess: () => utils.content.news.invalidate() });
  const staleGuard = useStaleGuard(item.refetch);
  useTitle(id ? `Новость #${id}` : 'Новая новость');

  const form = useForm<NewsValues>({
    mode: 'controlled',
    initialValues: { title: '', url: '', excerpt: '', body: '', image: null, showOnMain: false },
    validate: schemaResolver(newsInputSchema, { sync: true }),
  });
  const loaded = item.data;
  useEffect(() => {
    if (loaded) loadFormValues(form, { title: loaded.title, url: loaded.url, excerpt: loaded.excerpt, body: loaded.body, image: loaded.image, showOnMain: loaded.showOnMain });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  return (
    <FormFrame
      dirty={form.isDirty()}
      title={id ? `Новость: ${loaded?.title ?? ''}` : 'Новая новость'}
      loading={id !== null && item.isLoading}
      record={id ? item : undefined}
      saving={create.isPending || update.isPending}
      backTo={contentPaths.news}
      maw={900}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(toasted(async (values) => {
        if (id) await staleGuard.guard(update.mutateAsync({ newsId: id, ...values, version: loaded?.version }));
        else await create.mutateAsync(values);
        toastSuccess(id ? 'Новость обновлена' : 'Новость создана');
        void navigate(contentPaths.news);
      }))}
    >
      <FormSection>
        <TextInput label="Заголовок" withAsterisk {...form.getInputProps('title')} />
        <UrlField fromName={form.values.title} followName={!id} value={form.values.url} onChange={(url) => form.setFieldValue('url', url)} error={form.errors['url']} />
        <Textarea label="Анонс" description="Коротко: показывается в списке новостей и в поисковиках" autosize minRows={2} {...form.getInputProps('excerpt')} />
        <ImageInput label="Картинка" multiple={false} value={form.values.image ? [form.values.image] : []} onChange={(names) => form.setFieldValue('image', names[0] ?? null)} error={form.errors['image']} />
        <Suspense fallback={<Loader size="sm" />}>
          <NewsBodyEditor value={form.values.body} onChange={(html) => form.setFieldValue('body', html)} error={form.errors['body'] as string | undefined} />
        </Suspense>
        <Switch label="Показывать на главной" {...form.getInputProps('showOnMain', { type: 'checkbox' })} />
      </FormSection>
    </FormFrame>
  );
}
