import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { ErrorApi } from '../lib/api-client';
import { ConfirmarProvider } from '../components/Confirmar';

const cliente = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; a dropped connection might.
      retry: (intentos, error) =>
        intentos < 1 && !(error instanceof ErrorApi && error.status >= 400),
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={cliente}>
      <ConfirmarProvider>{children}</ConfirmarProvider>
      <ToastContainer newestOnTop theme="colored" />
    </QueryClientProvider>
  );
}
