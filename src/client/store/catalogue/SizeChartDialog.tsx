import { Modal, Table } from '@mantine/core';
import type { SizeChart } from '../../../shared/schemas/size-charts.js';
import { useOpenedAfterMount } from '../../ui/use-opened-after-mount';

interface SizeChartDialogProps {
  chart: SizeChart;
  opened: boolean;
  onClose: () => void;
}

/** The «Таблица размеров» dialog (SizeChartButton): a lazy chunk, loaded when a shopper opens it. */
export default function SizeChartDialog({ chart, opened, onClose }: SizeChartDialogProps) {
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal opened={shown} onClose={onClose} title={chart.title} size="lg" closeButtonProps={{ 'aria-label': 'Закрыть таблицу размеров' }}>
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
  );
}
