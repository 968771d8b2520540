import { Button, Group, Paper, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface SubmitFormProps {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitting: boolean;
  submitDisabled?: boolean;
  /** Buttons shown before the submit button (e.g. "Отмена"). */
  otherActions?: ReactNode;
  /** The submit button spans the form's width instead of standing at the right. */
  wideSubmit?: boolean;
  /** A bordered card around the form. */
  framed?: boolean;
  children: ReactNode;
}

/** A form of stacked fields ending with its submit button; the browser's own validation is off. */
export function SubmitForm({ onSubmit, submitLabel, submitting, submitDisabled, otherActions, wideSubmit = false, framed = false, children }: SubmitFormProps) {
  const submit = (
    <Button type="submit" loading={submitting} disabled={submitDisabled}>
      {submitLabel}
    </Button>
  );
  const form = (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {children}
        {wideSubmit ? (
          submit
        ) : (
          <Group justify="flex-end">
            {otherActions}
            {submit}
          </Group>
        )}
      </Stack>
    </form>
  );
  return framed ? (
    <Paper withBorder p="md" radius="md">
      {form}
    </Paper>
  ) : (
    form
  );
}
