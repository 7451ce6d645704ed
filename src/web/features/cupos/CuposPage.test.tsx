/**
 * The quota list's writes: delete and clear, each after its confirmation, with the list loaded
 * again either way and the spec's alert on a failure. The real API runs in e2e/cupos.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cupoDisponible } from '../../test/datos';
import { cuerposDe, error, mostrar, responder } from '../../test/kit';
import { CuposPage } from './CuposPage';

const cupo = cupoDisponible;

async function aceptar(pregunta: string) {
  const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
  expect(confirmacion).toHaveTextContent(pregunta);
  await userEvent.click(within(confirmacion).getByRole('button', { name: 'Aceptar' }));
}

describe('CuposPage', () => {
  it('eliminar pide confirmación, envía el codorden y vuelve a cargar la lista', async () => {
    let lista = [cupo(41), cupo(42)];
    responder('POST /api/cupos', () => ({ resultado: lista }));
    responder('POST /api/cupos/eliminar', ({ cuerpo }) => {
      lista = lista.filter((c) => c.ctrl !== cuerpo.codorden);
      return { eliminados: 1 };
    });
    mostrar(<CuposPage />, { en: '/cupos' });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar el cupo 41' }));
    await aceptar('¿Confirma que quiere eliminar el cupo?');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Eliminar el cupo 41' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Eliminar el cupo 42' })).toBeEnabled();
    expect(cuerposDe('POST /api/cupos/eliminar')).toEqual([{ codorden: 41 }]);
    expect(cuerposDe('POST /api/cupos')).toEqual([
      { codEmpre: 1, uniNeg: 1 },
      { codEmpre: 1, uniNeg: 1 },
    ]);
  });

  it('si el servidor rechaza el borrado: "Algo salió mal." con su motivo, y la lista otra vez', async () => {
    responder('POST /api/cupos', () => ({ resultado: [cupo(41)] }));
    responder('POST /api/cupos/eliminar', () =>
      error(409, { msj: 'El cupo está vinculado a un camión' }),
    );
    mostrar(<CuposPage />, { en: '/cupos' });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar el cupo 41' }));
    await aceptar('¿Confirma que quiere eliminar el cupo?');
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveClass('alert-danger');
    expect(alerta).toHaveTextContent('Algo salió mal.El cupo está vinculado a un camión');
    await waitFor(() => expect(cuerposDe('POST /api/cupos')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Eliminar el cupo 41' })).toBeEnabled();
  });

  it('Limpiar Cupos, confirmado, avisa cuántos eliminó', async () => {
    responder('POST /api/cupos', () => ({ resultado: [cupo(41)] }));
    responder('POST /api/cupos/limpiar', () => ({ eliminados: 1 }));
    mostrar(<CuposPage />, { en: '/cupos' });
    await screen.findByRole('button', { name: 'Eliminar el cupo 41' });
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar Cupos' }));
    await aceptar('¿Confirma que quiere eliminar todos los cupos sin asignar?');
    expect(await screen.findByText('Se eliminó 1 cupo sin asignar.')).toBeInTheDocument();
    expect(cuerposDe('POST /api/cupos/limpiar')).toEqual([{ codEmpre: 1, uniNeg: 1 }]);
  });
});
