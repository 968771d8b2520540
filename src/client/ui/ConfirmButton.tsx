import { Button, Group, Popover, Stack, Text, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';

interface ConfirmButtonProps extends ButtonProps {
  question: string;
  confirmLabel?: string;
  onConfirm: () => void;
  children: ReactNode;
  'aria-label'?: string;
}

/** A destructive action asks once more before it runs. */
export function ConfirmButton({ question, confirmLabel = 'Удалить', onConfirm, children, ...buttonProps }: ConfirmButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} withArrow shadow="md" position="bottom-end">
      <Popover.Target>
        <Button color="red" variant="subtle" onClick={() => setOpened((o) => !o)} {...buttonProps}>
          {children}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">{question}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Отмена
            </Button>
            <Button
              size="xs"
              color="red"
              onClick={() => {
                setOpened(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
