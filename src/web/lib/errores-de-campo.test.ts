import { describe, expect, it } from 'vitest';
import { ErrorApi } from './api-client';
import { marcarErroresNombrados } from './errores-de-campo';

const NOMBRES = { sinOrdenLimite: 'Límite de Playa sin orden', conOrdenAviso: 'Aviso' };

function marcar(error: unknown) {
  const marcados: [string, string][] = [];
  const general = marcarErroresNombrados(error, NOMBRES, (campo, e) =>
    marcados.push([campo, e.message]),
  );
  return { marcados, general };
}

describe('marcarErroresNombrados', () => {
  it('pone el mensaje del servidor bajo su campo, con el nombre que el formulario le da', () => {
    const error = new ErrorApi(400, 'sinOrdenLimite: debe ser mayor que el aviso (1 min)', {});
    expect(marcar(error)).toEqual({
      marcados: [
        ['sinOrdenLimite', 'Límite de Playa sin orden: debe ser mayor que el aviso (1 min)'],
      ],
      general: null,
    });
  });

  it('lo que no es de ningún campo vuelve para el aviso, nombrando el campo si empieza por uno', () => {
    const error = new ErrorApi(409, 'conOrdenAviso: ya cambió', {});
    expect(marcar(error)).toEqual({ marcados: [], general: 'Aviso: ya cambió' });
  });
});
