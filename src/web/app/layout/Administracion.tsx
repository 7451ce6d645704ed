import { Outlet } from 'react-router';
import { ReautenticacionProvider } from '../../components/Reautenticacion';

/**
 * The frame of the administration screens (a lazy chunk: clients never load it): the step-up
 * dialog that issuing cards, creating tokens and creating administrators may ask for.
 */
export function Administracion() {
  return (
    <ReautenticacionProvider>
      <Outlet />
    </ReautenticacionProvider>
  );
}
