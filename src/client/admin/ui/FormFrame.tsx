import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefreshAlert } from '@tabler/icons-react';
import { errorMessageOf } from '../../ui/toast';
import { AdminNotFound } from './AdminNotFound';
import { isMissingRecord } from './record-query';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useUnsavedChangesGuard } from './unsaved-changes';

interface FormFrameProps {
  title: string;
  loading: boolean;
  saving: boolean;
  /** Where «Отмена» goes. */
  backTo: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  maw?: number;
  /**
   * The edit screen's record query (none on a create screen): a 404 shows the admin's not-found
   * and no form; another failure shows its message instead of an empty form.
   */
  record?: { error: unknown };
  /**
   * The form has unsaved changes (`form.isDirty()`): leaving asks first (unsaved-changes.tsx).
   * Without it, any edit inside the form counts.
   */
  dirty?: boolean;
  /** A save was refused because the record changed meanwhile: offer to load it again. */
  stale?: { active: boolean; onReload: () => void };
  children: ReactNode;
}

/** Shown over a form whose record someone else changed since it was loaded. */
export function StaleRecordAlert({ onReload }: { onReload: () => void }) {
  return (
    <Alert color="orange" role="alert" icon={<IconRefreshAlert size={20} />} title="Запись изменена другим пользователем">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Ваши изменения не сохранены. Загрузите актуальные данные и внесите изменения ещё раз.</Text>
        <Button size="xs" variant="filled" color="orange" onClick={onReload}>
          Загрузить актуальные данные
        </Button>
      </Stack>
    </Alert>
  );
}

/** The frame of every catalogue create/edit screen: a title, the fields, «Отмена» and «Сохранить». */
export function FormFrame({ title, loading, saving, backTo, onSubmit, maw = 720, record, stale, dirty, children }: FormFrameProps) {
  const [edited, setEdited] = useState(false);
  const guard = useUnsavedChangesGuard(!loading && (dirty ?? edited));
  if (loading) return <Loader />;
  if (record?.error) {
    if (isMissingRecord(record)) return <AdminNotFound what="Запись" backTo={backTo} backLabel="К списку" />;
    return (
      <Alert color="red" role="alert" title="Не удалось загрузить запись">
        {errorMessageOf(record.error)}
      </Alert>
    );
  }
  return (
    <Stack maw={maw}>
      <Title order={2}>{title}</Title>
      {stale?.active && <StaleRecordAlert onReload={stale.onReload} />}
      {guard.dialog}
      <form onSubmit={onSubmit} onChange={() => setEdited(true)} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => guard.leave(backTo)}>
              Отмена
            </Button>
            <Button type="submit" loading={saving} disabled={stale?.active}>
              Сохранить
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** A bordered group of fields inside a form. */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        {title && <Title order={4}>{title}</Title>}
        {children}
      </Stack>
    </Paper>
  );
}
