import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from './accounts/AuthProvider';
import { AppRoutes } from './router';
import { createQueryClient, createTrpcClient, trpc } from './trpc';
import { DisplayFlagsProvider } from './ui/display-flags';
import { focusFirstInvalidAfterSubmit } from './ui/focus-first-invalid';
import { cssVariablesResolver, theme } from './ui/theme';
import { ToasterHost } from './ui/ToasterHost';

function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <DisplayFlagsProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </DisplayFlagsProvider>
          </AuthProvider>
        </QueryClientProvider>
      </trpc.Provider>
      <ToasterHost />
    </MantineProvider>
  );
}

focusFirstInvalidAfterSubmit(document);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
