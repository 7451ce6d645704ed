import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router';
import { Cargando } from '../../components/Cargando';
import { AvisoEncuestasPendientes } from '../../features/encuestas/AvisoEncuestasPendientes';
import { AvisoTurnosPausados } from '../../features/turnos/AvisoTurnosPausados';
import { SeleccionProvider } from '../../lib/seleccion';
import { BarraNavegacion } from './BarraNavegacion';

/** The signed-in shell: navigation bar above the current screen. */
export function Marco() {
  return (
    <SeleccionProvider>
      <BarraNavegacion />
      <AvisoEncuestasPendientes />
      <AvisoTurnosPausados />
      <Container fluid as="main" className="pb-4">
        <Suspense fallback={<Cargando />}>
          <Outlet />
        </Suspense>
      </Container>
    </SeleccionProvider>
  );
}
