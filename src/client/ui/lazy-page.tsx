import { Center, Loader } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';

/** A lazily loaded page inside the store layout: a centred loader holds its place until its chunk arrives. */
export function lazyPage(page: ReactNode, height = '40vh') {
  return (
    <Suspense
      fallback={
        <Center h={height}>
          <Loader />
        </Center>
      }
    >
      {page}
    </Suspense>
  );
}
