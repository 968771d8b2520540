import { Center, Grid, Loader, Paper, Stack, Title, type MantineSpacing, type StyleProp } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Basket } from '../../../shared/schemas/orders.js';
import { EmptyState } from './EmptyState';

/** The basket when there is something to order from it: active and with at least one line. */
export function orderableBasket(basket: Basket | undefined): Basket | undefined {
  return basket?.status === 'Active' && basket.orderProducts.length > 0 ? basket : undefined;
}

/** The cart's and the checkout's page while the basket loads, or when there is nothing in it. */
export function BasketPlaceholder({ loading, title, emptyText }: { loading: boolean; title: string; emptyText: string }) {
  if (loading) {
    return (
      <Center h="40vh">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      <EmptyState icon={<IconShoppingBag size={34} />} title="В корзине пока пусто" text={emptyText} />
    </Stack>
  );
}

interface BasketColumnsProps {
  /** Of twelve columns on a desktop; the summary takes the rest. */
  mainSpan: number;
  main: ReactNode;
  mainPadding: StyleProp<MantineSpacing>;
  summaryTitle: string;
  summary: ReactNode;
  summaryPadding: StyleProp<MantineSpacing>;
}

/** The lines or the form on the left, the order's summary on the right (one column on a phone). */
export function BasketColumns({ mainSpan, main, mainPadding, summaryTitle, summary, summaryPadding }: BasketColumnsProps) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: mainSpan }}>
        <Paper withBorder radius="md" p={mainPadding}>
          {main}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 12 - mainSpan }}>
        <Paper withBorder radius="md" p={summaryPadding}>
          <Stack>
            <Title order={2} size="h4">
              {summaryTitle}
            </Title>
            {summary}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
