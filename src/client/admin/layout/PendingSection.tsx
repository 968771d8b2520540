import { Alert, Stack, Title } from '@mantine/core';
import { useTitle } from '../../ui/use-title';

/** A section of the menu whose screens have not been built yet says so plainly. */
export function PendingSection({ title }: { title: string }) {
  useTitle(title);
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Alert color="gray">Этот раздел ещё не готов.</Alert>
    </Stack>
  );
}
