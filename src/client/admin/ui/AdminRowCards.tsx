import { Box, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RowCardField {
  label: string;
  value: ReactNode;
}

export interface RowCard {
  key: string | number;
  /** The record's name, usually a link to its screen. */
  title: ReactNode;
  subtitle?: ReactNode;
  leading?: ReactNode;
  /** The secondary columns of the desktop table, folded into the card. */
  fields: RowCardField[];
  action?: ReactNode;
}

/**
 * An admin list on a phone (below the `sm` breakpoint): each row a card with its secondary
 * columns folded in and its action at hand, so nothing needs sideways scrolling. The desktop keeps
 * the table (rendered next to this with `visibleFrom="sm"`).
 */
export function AdminRowCards({ rows }: { rows: RowCard[] }) {
  return (
    <Stack gap="xs" hiddenFrom="sm">
      {rows.map((row) => (
        <Card key={row.key} withBorder padding="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              {row.leading}
              <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {row.title}
                {row.subtitle && (
                  <Text size="xs" c="dimmed">
                    {row.subtitle}
                  </Text>
                )}
              </Stack>
            </Group>
            {row.action}
          </Group>
          {row.fields.length > 0 && (
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt="xs">
              {row.fields.map((field) => (
                <Box key={field.label} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text size="xs" c="dimmed">
                    {field.label}
                  </Text>
                  <Box fz="sm">{field.value}</Box>
                </Box>
              ))}
            </SimpleGrid>
          )}
        </Card>
      ))}
    </Stack>
  );
}
