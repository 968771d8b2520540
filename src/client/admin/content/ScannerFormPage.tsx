import { Anchor, Button, Group, TagsInput, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { scannerInputSchema } from '../../../shared/schemas/content.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { loadFormValues } from '../ui/unsaved-changes';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { contentPaths } from './paths';
import { downloadQr } from './qr-download';
import { toasted } from '../ui/toasted';

interface ScannerValues {
  qrCode: string;
  title: string;
  tags: string[];
}

/** /admin/scanner/create-scanner and /admin/scanner/{id}: a code (generated when left empty), a description and tags. */
export function ScannerFormPage() {
  const id = Number(useParams()['id'] ?? 0) || null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const item = trpc.content.scanner.get.useQuery({ scannerId: id ?? 0 }, { enabled: id !== null, meta: { silent: true } });
  const create = trpc.content.scanner.create.useMutation({ onSuccess: () => utils.content.scanner.invalidate() });
  const update = trpc.content.scanner.update.useMutation({ onSuccess: () => utils.content.scanner.invalidate() });
  const staleGuard = useStaleGuard(item.refetch);
  useTitle(id ? `QR-код #${id}` : 'Новый QR-код');
  const form = useForm<ScannerValues>({
    mode: 'controlled',
    initialValues: { qrCode: '', title: '', tags: [] },
    validate: (values) => schemaResolver(scannerInputSchema, { sync: true })({ ...values, qrCode: values.qrCode || undefined }),
  });
  const loaded = item.data;
  useEffect(() => {
    if (loaded) loadFormValues(form, { qrCode: loaded.qrCode, title: loaded.title, tags: loaded.tags });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  return (
    <FormFrame
      dirty={form.isDirty()}
      title={id ? `QR-код: ${loaded?.qrCode ?? ''}` : 'Новый QR-код'}
      loading={id !== null && item.isLoading}
      record={id ? item : undefined}
      saving={create.isPending || update.isPending}
      backTo={contentPaths.scanner}
      maw={640}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(toasted(async (values) => {
        const fields = { title: values.title, tags: values.tags, ...(values.qrCode ? { qrCode: values.qrCode } : {}) };
        const saved = id ? await staleGuard.guard(update.mutateAsync({ scannerId: id, ...fields, version: loaded?.version })) : await create.mutateAsync(fields);
        toastSuccess(`QR-код сохранён, ID ${saved.id}`);
        void navigate(contentPaths.scanner);
      }))}
    >
      <FormSection>
        <TextInput label="Код" description="Оставьте пустым — магазин создаст код, который невозможно угадать" ff="monospace" {...form.getInputProps('qrCode')} />
        <TextInput label="Описание" placeholder="Например: кроссовки, партия сентября" {...form.getInputProps('title')} />
        <TagsInput label="Метки" placeholder="Введите метку и нажмите Enter" {...form.getInputProps('tags')} />
        {loaded && (
          <>
            <Text size="sm">
              Код ведёт на страницу проверки:{' '}
              <Anchor href={`/check/${encodeURIComponent(loaded.qrCode)}`} target="_blank">
                /check/{loaded.qrCode}
              </Anchor>
              . Проверок: {loaded.checkCount}.
            </Text>
            <Group>
              <Button variant="light" onClick={() => void downloadQr(loaded.id, loaded.qrCode, 'png')}>
                Скачать PNG
              </Button>
              <Button variant="light" onClick={() => void downloadQr(loaded.id, loaded.qrCode, 'svg')}>
                Скачать SVG
              </Button>
            </Group>
          </>
        )}
      </FormSection>
    </FormFrame>
  );
}
