import { Box, type Primitive, type Select as MantineSelect, type SelectProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Mantine's Select brings its combobox, popover, scroll area and floating-ui (about 30 KB
// compressed): pages that show one only under some condition (a sort order once a list has two
// entries) load it when it is first drawn.
// (React.lazy drops the component's generic value type; it is the same component.)
const Select = lazy(() => import('./select-export')) as unknown as typeof MantineSelect;

/** Mantine's Select, loaded on first render; its place is held by a box of the same height meanwhile. */
export function LazySelect<Value extends Primitive = string>(props: SelectProps<Value>) {
  return (
    <Suspense fallback={<Box mih={props.label ? 60 : 36} maw={props.maw} aria-hidden />}>
      <Select {...props} />
    </Suspense>
  );
}
