import { Pagination, type PaginationProps } from '@mantine/core';

const controlLabels: Record<string, string> = {
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
  first: 'Первая страница',
  last: 'Последняя страница',
};

/** Mantine's pagination with accessible names: arrows say what they do, pages say their number. */
export function ShopPagination(props: PaginationProps) {
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': controlLabels[control] ?? control })}
      getItemProps={(page) => ({ 'aria-label': `Страница ${page}` })}
      {...props}
    />
  );
}
