import { Table, type TableProps } from '@mantine/core';
import type { CSSProperties, Key, ReactNode } from 'react';

export interface TableColumn<Row> {
  /** The header's text; a column of buttons has none and names itself by `ariaLabel`. */
  label?: string;
  ariaLabel?: string;
  width?: number;
  cellStyle?: CSSProperties;
  render: (row: Row) => ReactNode;
}

interface AdminTableProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  columns: ReadonlyArray<TableColumn<Row>>;
  /** Narrower screens scroll the table sideways. */
  minWidth: number;
  /** On a phone the page shows the rows as cards instead (AdminRowCards). */
  desktopOnly?: boolean;
  tableProps?: TableProps;
}

/** An admin list's table: one header row, then one row per item with a cell per column. */
export function AdminTable<Row>({ rows, rowKey, columns, minWidth, desktopOnly = false, tableProps }: AdminTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} visibleFrom={desktopOnly ? 'sm' : undefined}>
      <Table {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index} w={column.width} aria-label={column.ariaLabel}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column, index) => (
                <Table.Td key={index} style={column.cellStyle}>
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
