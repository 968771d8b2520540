import { Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

interface FormFrameProps {
  title: string;
  loading: boolean;
  saving: boolean;
  /** Where «Отмена» goes. */
  backTo: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  maw?: number;
  children: ReactNode;
}

/** The frame of every catalogue create/edit screen: a title, the fields, «Отмена» and «Сохранить». */
export function FormFrame({ title, loading, saving, backTo, onSubmit, maw = 720, children }: FormFrameProps) {
  const navigate = useNavigate();
  if (loading) return <Loader />;
  return (
    <Stack maw={maw}>
      <Title order={2}>{title}</Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate(backTo)}>
              Отмена
            </Button>
            <Button type="submit" loading={saving}>
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
