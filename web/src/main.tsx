import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isApiError, NETWORK_FAILURE } from './api/client.ts';
import { AppRouter } from './app/router.tsx';
import './theme/base.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Retry only what may pass on a second try: network failures and server errors.
      retry: (count, error) => count < 2 && (!isApiError(error) || error.status === NETWORK_FAILURE || error.status >= 500),
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  </StrictMode>,
);
