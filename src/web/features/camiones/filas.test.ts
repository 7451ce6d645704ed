import { describe, expect, it } from 'vitest';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import { camionEnPlaya } from '../../test/datos';
import { aplicarCambio, buscar, contarPorEstado, prepararFilas } from './filas';

const camion = (c: Partial<CamionEnPlaya>): CamionEnPlaya => camionEnPlaya({ ctrl: 1, ...c });

const lista = [
  camion({ ctrl: 1, ingplaya: '2026-11-21T08:00:00' }),
  camion({ ctrl: 2, ingplaya: '2026-11-21T10:30:00', patcha: 'ZZ999ZZ', cupo_camion: '41, 57' }),
  camion({ ctrl: 3, ingplaya: '2026-11-20T23:59:59', nomchofer: 'Mariela Sosa', codestado: 4 }),
  camion({ ctrl: 4, ingplaya: '2026-11-21T10:30:00', pataco: 'AC456QR' }),
];

describe('filas de camiones', () => {
  it('ordena por ingreso: más nuevo primero, o al revés', () => {
    const { desc, asc } = prepararFilas(lista);
    expect(desc.map((f) => f.camion.ctrl)).toEqual([4, 2, 1, 3]);
    expect(asc.map((f) => f.camion.ctrl)).toEqual([3, 1, 2, 4]);
  });

  it('muestra el ingreso en sus primeros 19 caracteres con espacio y la carga en kg es-AR', () => {
    const [fila] = prepararFilas([lista[0]!]).desc;
    expect(fila!.ingreso).toBe('2026-11-21 08:00:00');
    expect(fila!.carga).toBe('30.000 kg');
  });

  it('busca en cualquier campo sin distinguir mayúsculas, la fecha como se muestra', () => {
    const { desc } = prepararFilas(lista);
    const ids = (texto: string) => buscar(desc, texto).map((f) => f.camion.ctrl);
    expect(ids('zz999')).toEqual([2]);
    expect(ids('ac456qr')).toEqual([4]);
    expect(ids('MARIELA')).toEqual([3]);
    expect(ids('2026-11-20 23:59')).toEqual([3]);
    expect(ids('2026-11-20T23')).toEqual([]);
    expect(ids('57')).toEqual([2]);
    expect(ids('30.000')).toEqual([4, 2, 1, 3]);
    expect(ids('litoral')).toEqual([4, 2, 1, 3]);
    expect(ids('  ')).toEqual([4, 2, 1, 3]);
    expect(ids('nada que ver')).toEqual([]);
  });

  it('una patente se encuentra aunque se escriba con espacios, puntos o guiones, en mayúsculas o no', () => {
    const conEspacios = camion({ ctrl: 5, patcha: 'EPY144', pataco: 'QX 777 WT' });
    const { desc } = prepararFilas([...lista, conEspacios]);
    const ids = (texto: string) => buscar(desc, texto).map((f) => f.camion.ctrl);
    for (const texto of ['EPY 144', 'epy144', 'E.P.Y-144', ' epy 144 ', 'EPY-1']) {
      expect(ids(texto), texto).toEqual([5]);
    }
    expect(ids('QX777WT')).toEqual([5]);
    expect(ids('qx 777')).toEqual([5]);
    expect(ids('zz-999')).toEqual([2]);
    // A name with a space is still searched as typed, not squeezed.
    expect(ids('Mariela Sosa')).toEqual([3]);
  });

  it('al escribir letra por letra da lo mismo que buscar de una vez, y al borrar lo mismo que antes', () => {
    const otras = [camion({ ctrl: 6, patcha: 'AA111BB' }), camion({ ctrl: 7, patcha: 'AB999CD' })];
    const { desc } = prepararFilas([...lista, ...otras]);
    const deUnaVez = (texto: string) =>
      buscar(prepararFilas([...lista, ...otras]).desc, texto).map((f) => f.camion.ctrl);
    // '-.' has no plate characters and no field holds it: nothing. '-.ab9' is looked for in the
    // plates too, so it is not taken from the rows of '-.'.
    for (const texto of ['m', 'ma', 'mar', 'mariela', 'mar', '-.', '-.ab9', 'AB 9', 'ab 99']) {
      expect(
        buscar(desc, texto).map((f) => f.camion.ctrl),
        texto,
      ).toEqual(deUnaVez(texto));
    }
    expect(buscar(desc, '-.')).toEqual([]);
    expect(buscar(desc, '-.ab9').map((f) => f.camion.ctrl)).toEqual([7]);
    expect(buscar(desc, 'mar')).toBe(buscar(desc, 'mar'));
  });

  it('no encuentra un texto armado con el final de un campo y el principio del siguiente', () => {
    const { desc } = prepararFilas([camion({ patcha: 'AB123CD', pataco: 'EF456GH' })]);
    expect(buscar(desc, 'cdef')).toEqual([]);
  });
});

describe('contarPorEstado', () => {
  it('cuenta los camiones de cada estado, con cero los que no tienen', () => {
    const estados = [1, 2, 2, 4, 4, 4] as const;
    expect(contarPorEstado(estados.map((codestado, i) => camion({ ctrl: i, codestado })))).toEqual({
      1: 1,
      2: 2,
      3: 0,
      4: 3,
    });
  });
});

describe('aplicarCambio', () => {
  const lista = [camion({ ctrl: 1 }), camion({ ctrl: 2, codestado: 2 })];
  it('reemplaza la fila del camión, sin duplicarla', () => {
    const cambiado = camion({ ctrl: 2, codestado: 3, nomestado: 'Operando' });
    expect(aplicarCambio(lista, cambiado, 0).map((c) => [c.ctrl, c.codestado])).toEqual([
      [1, 1],
      [2, 3],
    ]);
  });
  it('agrega el que entró y quita el que dejó el estado filtrado', () => {
    expect(aplicarCambio(lista, camion({ ctrl: 3 }), 0)).toHaveLength(3);
    expect(aplicarCambio(lista, camion({ ctrl: 2, codestado: 3 }), 2).map((c) => c.ctrl)).toEqual([
      1,
    ]);
    expect(aplicarCambio(lista, camion({ ctrl: 4, codestado: 3 }), 1)).toEqual(lista);
  });

  it('el turno del camión: su franja, y el día cuando no es el de su ingreso; cómo llegó', () => {
    const filas = prepararFilas([
      camion({ ctrl: 1, turno_fecha: '2026-11-21', turno_hora: 9, turno_llegada: 'a_tiempo' }),
      camion({ ctrl: 2, turno_fecha: '2026-11-20', turno_hora: 23, turno_llegada: 'tarde' }),
      camion({ ctrl: 3, turno_fecha: '2026-11-22', turno_hora: 0, turno_llegada: 'temprano' }),
      camion({ ctrl: 4 }),
    ]).asc;
    const turno = (ctrl: number) => filas.find((f) => f.camion.ctrl === ctrl)!.turno;
    expect(turno(1)).toEqual({ franja: '09–10', llegada: 'A tiempo', clase: 'text-bg-success' });
    expect(turno(2)).toEqual({ franja: '20/11 23–24', llegada: 'Tarde', clase: 'text-bg-danger' });
    expect(turno(3)).toEqual({
      franja: '22/11 00–01',
      llegada: 'Temprano',
      clase: 'text-bg-warning',
    });
    expect(turno(4)).toBeNull();
    // Buscar finds a truck by its turn as shown.
    expect(buscar(filas, '09–10').map((f) => f.camion.ctrl)).toEqual([1]);
    expect(buscar(filas, 'tarde').map((f) => f.camion.ctrl)).toEqual([2]);
  });
});
