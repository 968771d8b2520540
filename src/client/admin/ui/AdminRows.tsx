import type { TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { AdminRowCards, type RowCard } from './AdminRowCards';
import { AdminTable, type TableColumn } from './AdminTable';

interface AdminRowsProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A row as a phone's card (its key comes from `rowKey`, its action from `action`). */
  card: (row: Row) => Omit<RowCard, 'key' | 'action'>;
  /** The desktop table's columns, before the action column. */
  columns: ReadonlyArray<TableColumn<Row>>;
  /** A row's button: at the card's top right and in the table's last column. */
  action: (row: Row) => ReactNode;
  tableProps?: TableProps;
}

const listTableProps: TableProps = { striped: true, highlightOnHover: true, verticalSpacing: 'xs' };

/** An admin list's rows: cards on a phone, a table from the `sm` breakpoint up. */
export function AdminRows<Row>({ rows, rowKey, card, columns, action, tableProps = listTableProps }: AdminRowsProps<Row>) {
  return (
    <>
      <AdminRowCards rows={rows.map((row) => ({ key: rowKey(row), ...card(row), action: action(row) }))} />
      <AdminTable rows={rows} rowKey={rowKey} minWidth={640} desktopOnly tableProps={tableProps} columns={[...columns, { width: 110, render: action }]} />
    </>
  );
}

/** A list row's delete button; it asks `question` before it calls `onConfirm`. */
export function AdminDeleteButton({ name, question, loading, onConfirm }: { name: string; question: string; loading: boolean; onConfirm: () => void }) {
  return (
    <ConfirmButton size="xs" loading={loading} aria-label={`Удалить ${name}`} question={question} onConfirm={onConfirm}>
      Удалить
    </ConfirmButton>
  );
}
