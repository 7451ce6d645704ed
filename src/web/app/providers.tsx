import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { ErrorApi } from '../lib/api-client';
import { ConfirmarProvider } from '../components/Confirmar';

/** The app's query client; tests make theirs with `reintentos: false`. */
export function crearClienteDeConsultas({ reintentos = true } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; a dropped connection might.
        retry: reintentos
          ? (intentos, error) => intentos < 1 && !(error instanceof ErrorApi && error.status >= 400)
          : false,
        refetchOnWindowFocus: false,
      },
    },
  });
}

const clienteDeLaApp = crearClienteDeConsultas();

/** Everything a screen needs around it: queries, the confirmation dialog and the toasts. */
export function Providers({
  children,
  cliente = clienteDeLaApp,
}: {
  children: ReactNode;
  cliente?: QueryClient;
}) {
  return (
    <QueryClientProvider client={cliente}>
      <ConfirmarProvider>{children}</ConfirmarProvider>
      <ToastContainer newestOnTop theme="colored" />
    </QueryClientProvider>
  );
}
