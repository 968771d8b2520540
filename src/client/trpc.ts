import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../server/routers/index.js';
import { authorizationHeader } from './accounts/tokens';
import { toastError } from './ui/toast';

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: '/trpc', transformer: superjson, maxItems: 10, headers: () => authorizationHeader() })],
  });
}

/** Queries or mutations that handle their own failure say so with `meta: { silent: true }`. */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Every failed request shows its message as an error toast, unless it is marked silent. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) toastError(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: (count, error) => count < 2 && isRetryable(error) },
    },
  });
}

function isRetryable(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === undefined || status >= 500;
}

/** The HTTP status a tRPC failure carries, if any (none for a network failure). */
export function httpStatusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: { httpStatus?: unknown } | null }).data;
    if (data && typeof data.httpStatus === 'number') return data.httpStatus;
  }
  return undefined;
}
