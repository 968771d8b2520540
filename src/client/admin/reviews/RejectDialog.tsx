import { Button, Group, Modal, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { rejectFormSchema } from '../../../shared/schemas/moderation.js';

interface RejectDialogProps {
  /** What is rejected, e.g. «отзыв 12»; null closes the dialog. */
  subject: string | null;
  saving: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}

/** «Отклонить» asks for the reason the author will see. */
export function RejectDialog({ subject, saving, onClose, onReject }: RejectDialogProps) {
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' }, validate: schemaResolver(rejectFormSchema, { sync: true }) });
  return (
    <Modal
      opened={subject !== null}
      onClose={() => {
        form.reset();
        onClose();
      }}
      title={`Отклонить ${subject ?? ''}`}
      centered
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          onReject(values.reason);
          form.reset();
        })}
      >
        <Textarea label="Причина (её увидит автор)" autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" color="red" loading={saving}>
            Отклонить
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
