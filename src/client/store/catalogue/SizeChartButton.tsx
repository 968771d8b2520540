import { Button, Modal, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconRuler } from '@tabler/icons-react';
import { trpc } from '../../trpc';

/**
 * «Таблица размеров» on a product page: the chart of the product's nearest category (or ancestor)
 * that has one, in a dialog. Nothing is shown when there is no chart.
 */
export function SizeChartButton({ productId }: { productId: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const query = trpc.catalogue.sizeCharts.forProduct.useQuery({ productId }, { meta: { silent: true }, staleTime: 60_000 });
  const chart = query.data?.chart;
  if (!chart) return null;
  return (
    <>
      <Button variant="subtle" size="compact-sm" leftSection={<IconRuler size={16} />} onClick={open} w="fit-content" px={0}>
        Таблица размеров
      </Button>
      <Modal opened={opened} onClose={close} title={chart.title} size="lg" closeButtonProps={{ 'aria-label': 'Закрыть таблицу размеров' }}>
        <Table.ScrollContainer minWidth={chart.columns.length * 110}>
          <Table striped withTableBorder withColumnBorders aria-label={chart.title}>
            <Table.Thead>
              <Table.Tr>
                {chart.columns.map((column, index) => (
                  <Table.Th key={index}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {chart.rows.map((row, index) => (
                <Table.Tr key={index}>
                  {row.map((cell, at) => (
                    <Table.Td key={at}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Modal>
    </>
  );
}
