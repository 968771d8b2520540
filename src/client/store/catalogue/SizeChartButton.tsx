import { Button } from '@mantine/core';
import { IconRuler } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { trpc } from '../../trpc';

// The dialog and its table load when the shopper reaches for the button, not with the product page.
const loadDialog = () => import('./SizeChartDialog');
const SizeChartDialog = lazy(loadDialog);

/**
 * «Таблица размеров» on a product page: the chart of the product's nearest category (or ancestor)
 * that has one, in a dialog. Nothing is shown when there is no chart.
 */
export function SizeChartButton({ productId }: { productId: number }) {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const query = trpc.catalogue.sizeCharts.forProduct.useQuery({ productId }, { meta: { silent: true }, staleTime: 60_000 });
  const chart = query.data?.chart;
  if (!chart) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconRuler size={16} />}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
        w="fit-content"
        px={0}
      >
        Таблица размеров
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <SizeChartDialog chart={chart} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
