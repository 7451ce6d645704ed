import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useRouteError } from 'react-router';
import { AlgoSalioMal } from '../components/AlgoSalioMal';
import { Cargando } from '../components/Cargando';
import { LoginPage } from '../features/auth/LoginPage';
import { NoEncontrada } from './layout/NoEncontrada';
import { paths, patrones } from '../lib/paths';
import { useEstadoSesion, useSesion } from '../lib/sesion';

/** Each screen is its own chunk, loaded the first time it is shown (with its own props). */
function perezosa<M extends Record<string, unknown>, K extends keyof M>(
  cargar: () => Promise<M>,
  nombre: K,
) {
  type Props = M[K] extends ComponentType<infer P> ? P : object;
  return lazy(async () => ({ default: (await cargar())[nombre] as ComponentType<Props> }));
}

// The shell (navigation bar, dropdowns) is not needed to sign in: it loads after the login.
const Marco = perezosa(() => import('./layout/Marco'), 'Marco');
const CamionesPage = perezosa(() => import('../features/camiones/CamionesPage'), 'CamionesPage');
const CuposPage = perezosa(() => import('../features/cupos/CuposPage'), 'CuposPage');
const CupoFormularioPage = perezosa(
  () => import('../features/cupos/CupoFormularioPage'),
  'CupoFormularioPage',
);
const StockPage = perezosa(() => import('../features/stock/StockPage'), 'StockPage');
// The dashboard's chunk; its charts (uPlot) are one more, loaded with the first chart shown.
const TableroPage = perezosa(() => import('../features/tablero/TableroPage'), 'TableroPage');
const EncuestasAdminPage = perezosa(
  () => import('../features/encuestas/EncuestasAdminPage'),
  'EncuestasAdminPage',
);
const RespuestasPage = perezosa(
  () => import('../features/encuestas/RespuestasPage'),
  'RespuestasPage',
);
const ResponderPage = perezosa(
  () => import('../features/encuestas/ResponderPage'),
  'ResponderPage',
);
const Administracion = perezosa(() => import('./layout/Administracion'), 'Administracion');
const EmpresasPage = perezosa(() => import('../features/empresas/EmpresasPage'), 'EmpresasPage');
const UnidadesPage = perezosa(() => import('../features/unidades/UnidadesPage'), 'UnidadesPage');
const TokensPage = perezosa(() => import('../features/tokens/TokensPage'), 'TokensPage');
const AvisosPage = perezosa(() => import('../features/avisos/AvisosPage'), 'AvisosPage');
const WebhooksPage = perezosa(() => import('../features/webhooks/WebhooksPage'), 'WebhooksPage');
const MiCuentaPage = perezosa(() => import('../features/cuenta/MiCuentaPage'), 'MiCuentaPage');
const AuditoriaPage = perezosa(
  () => import('../features/auditoria/AuditoriaPage'),
  'AuditoriaPage',
);
const UsuariosPage = perezosa(() => import('../features/usuarios/UsuariosPage'), 'UsuariosPage');
const ImportacionPage = perezosa(
  () => import('../features/importacion/ImportacionPage'),
  'ImportacionPage',
);
const ProductosPage = perezosa(
  () => import('../features/productos/ProductosPage'),
  'ProductosPage',
);
const EnvasesPage = perezosa(() => import('../features/envases/EnvasesPage'), 'EnvasesPage');
const TerminalPage = perezosa(() => import('../features/terminal/TerminalPage'), 'TerminalPage');
const InicializacionPage = perezosa(
  () => import('../features/inicializacion/InicializacionPage'),
  'InicializacionPage',
);
const TurnosPage = perezosa(() => import('../features/turnos/TurnosPage'), 'TurnosPage');
const ComprobantePage = perezosa(
  () => import('../features/turnos/ComprobantePage'),
  'ComprobantePage',
);
const ConfirmarCorreoPage = perezosa(
  () => import('../features/cuenta/ConfirmarCorreoPage'),
  'ConfirmarCorreoPage',
);
const EncuestasListarPage = perezosa(
  () => import('../features/encuestas/EncuestasListarPage'),
  'EncuestasListarPage',
);

/**
 * The administration screens exist for the terminal's administrators (company 0) only: anyone
 * else who types their address gets the not-found screen, and the API answers them 403.
 */
function SoloAdministrador() {
  const sesion = useSesion();
  return sesion.esAdministrador ? <Administracion /> : <NoEncontrada />;
}

/**
 * Signed out, only the login at / exists: any other address goes back to /. Signed in, / is
 * the trucks screen inside the shell.
 */
function Raiz() {
  const sesion = useEstadoSesion();
  const { pathname } = useLocation();
  if (sesion.estado === 'verificando') {
    return (
      <div className="container py-5">
        <Cargando />
      </div>
    );
  }
  if (sesion.estado === 'anonima') {
    return pathname === paths.inicio ? <LoginPage /> : <Navigate to={paths.inicio} replace />;
  }
  return (
    <Suspense fallback={<Cargando />}>
      <Marco />
    </Suspense>
  );
}

function ErrorDeRuta() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="container py-5">
      <AlgoSalioMal />
      <a href="/" className="btn btn-primary">
        Volver al inicio
      </a>
    </div>
  );
}

export const router = createBrowserRouter([
  {
    path: patrones.inicio,
    element: <Raiz />,
    errorElement: <ErrorDeRuta />,
    children: [
      {
        element: <Outlet />,
        errorElement: <ErrorDeRuta />,
        children: [
          { index: true, element: <CamionesPage /> },
          { path: patrones.camiones, element: <CamionesPage /> },
          { path: patrones.cupos, element: <CuposPage /> },
          { path: patrones.cupoAlta, element: <CupoFormularioPage /> },
          { path: patrones.cupoModificar, element: <CupoFormularioPage /> },
          { path: patrones.stock, element: <StockPage /> },
          { path: patrones.tablero, element: <TableroPage /> },
          { path: patrones.encuestas, element: <EncuestasAdminPage /> },
          { path: patrones.encuestaRespuestas, element: <RespuestasPage /> },
          { path: patrones.encuestaResponder, element: <ResponderPage /> },
          { path: patrones.encuestasListar, element: <EncuestasListarPage /> },
          { path: patrones.cuenta, element: <MiCuentaPage /> },
          { path: patrones.turnos, element: <TurnosPage /> },
          {
            element: <SoloAdministrador />,
            children: [
              // The administration screens (issue 14), each its own lazy chunk.
              { path: patrones.administracionEmpresas, element: <EmpresasPage /> },
              { path: patrones.administracionUnidades, element: <UnidadesPage /> },
              { path: patrones.administracionTokens, element: <TokensPage /> },
              { path: patrones.administracionAuditoria, element: <AuditoriaPage /> },
              { path: patrones.administracionUsuarios, element: <UsuariosPage /> },
              {
                // The screen links to the companies' when an import is done: the app gives it the path.
                path: patrones.administracionImportar,
                element: <ImportacionPage rutaEmpresas={paths.administracionEmpresas} />,
              },
              { path: patrones.administracionProductos, element: <ProductosPage /> },
              { path: patrones.administracionEnvases, element: <EnvasesPage /> },
              { path: patrones.administracionTerminal, element: <TerminalPage /> },
              // Issue 25: the outbox of notices, and the webhook endpoints with their log.
              { path: patrones.administracionAvisos, element: <AvisosPage /> },
              { path: patrones.administracionWebhooks, element: <WebhooksPage /> },
            ],
          },
          { path: '*', element: <NoEncontrada /> },
        ],
      },
    ],
  },
  {
    // A turn's voucher (issue 24): public by its code, for a driver without an account.
    path: patrones.comprobanteTurno,
    element: (
      <Suspense fallback={<Cargando />}>
        <ComprobantePage />
      </Suspense>
    ),
    errorElement: <ErrorDeRuta />,
  },
  {
    // The e-mail's confirmation link (issue 25): public, signed in or not (docs/decisions.md).
    path: patrones.confirmarCorreo,
    element: (
      <Suspense fallback={<Cargando />}>
        <ConfirmarCorreoPage />
      </Suspense>
    ),
    errorElement: <ErrorDeRuta />,
  },
  {
    // The first set-up (issue 21): outside the session, whoever is signed in or not.
    path: patrones.inicializar,
    element: (
      <Suspense fallback={<Cargando />}>
        <InicializacionPage />
      </Suspense>
    ),
    errorElement: <ErrorDeRuta />,
  },
]);
