import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { deAdministrador } from '../../test/administracion';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { PARAMETROS_POR_DEFECTO } from './rules';
import {
  calendarioAbierto,
  diaDesdeHoy,
  pausarParaPrueba,
  turnoDePrueba,
  turnoYCamionDeHoy,
} from './datos-prueba';

/** Only a service token (the gate): every user session is turned away as if it were nobody. */
const soloServicio = (servicio: number) => ({
  anonimo: 401,
  clienteA: 401,
  clienteB: 401,
  sinUnidad: 401,
  admin: 401,
  servicio,
});

/** A fresh truck in the yard and today's booking of its client, checked in by its code. */
const presentacion = async ({ db }: ContextoCaso) => {
  const { turno, camion } = await turnoYCamionDeHoy(db);
  return { camion, codigo: turno.codigo };
};

/** Client B (cliente2) holds Granos too; the same-company user without it is refused the unit. */
const deLaUnidad = (status: number) => ({
  anonimo: 401,
  clienteA: status,
  clienteB: status,
  sinUnidad: 403,
  admin: status,
});
/** A row of company 1's: another company's, or one outside the user's units, is a 404. */
const deClienteA = (status: number) => ({
  anonimo: 401,
  clienteA: status,
  clienteB: 404,
  sinUnidad: 404,
  admin: status,
});

const rango = async ({ db }: ContextoCaso) => ({
  desde: await diaDesdeHoy(db, 0),
  hasta: await diaDesdeHoy(db, 6),
});

export const CASOS_TURNOS: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/turnos/disponibilidad',
    cuerpo: async (c: ContextoCaso) => ({ unineg: 1, ...(await rango(c)) }),
    esperado: deLaUnidad(200),
  },
  {
    ruta: 'POST /api/turnos/reservar',
    cuerpo: async ({ db }: ContextoCaso) => {
      await calendarioAbierto(db);
      return { cupo: await insertarCupoDePrueba(db), fecha: await diaDesdeHoy(db, 3), hora: 9 };
    },
    esperado: deClienteA(201),
  },
  {
    ruta: 'POST /api/turnos/cambiar',
    cuerpo: async ({ db }: ContextoCaso) => {
      const { turno, fecha } = await turnoDePrueba(db);
      return { turno, fecha, hora: 11 };
    },
    esperado: deClienteA(200),
  },
  {
    ruta: 'POST /api/turnos/cancelar',
    cuerpo: async ({ db }: ContextoCaso) => ({ turno: (await turnoDePrueba(db)).turno }),
    esperado: deClienteA(200),
  },
  {
    ruta: 'POST /api/turnos',
    cuerpo: async (c: ContextoCaso) => ({ unineg: 1, ...(await rango(c)) }),
    esperado: deLaUnidad(200),
  },
  {
    ruta: 'POST /api/administracion/turnos/calendario',
    cuerpo: async (c: ContextoCaso) => ({ unineg: 1, ...(await rango(c)) }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/turnos/parametros',
    cuerpo: { unineg: 2, ...PARAMETROS_POR_DEFECTO },
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/turnos/plantilla',
    cuerpo: { unineg: 2, franjas: [{ diaSemana: 1, hora: 8, capacidad: 5 }] },
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/turnos/excepciones',
    cuerpo: async ({ db }: ContextoCaso) => ({
      unineg: 2,
      fecha: await diaDesdeHoy(db, 20),
      franjas: [{ hora: 8, capacidad: 0 }],
    }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/turnos/copiar-semana',
    cuerpo: async ({ db }: ContextoCaso) => ({
      unineg: 2,
      desde: await diaDesdeHoy(db, 30),
      semanas: 1,
    }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/turnos/pausar',
    cuerpo: async ({ db }: ContextoCaso) => ({
      unineg: 2,
      fecha: await diaDesdeHoy(db, 40),
      hora: 8,
      motivo: 'Lluvia',
    }),
    esperado: deAdministrador(200),
  },
  {
    // A fresh pause each call: a second lift of the same one is a 409.
    ruta: 'POST /api/administracion/turnos/reanudar',
    cuerpo: async ({ db }: ContextoCaso) => ({ pausa: await pausarParaPrueba(db) }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/turnos/ocupacion',
    cuerpo: async ({ db }: ContextoCaso) => ({ unineg: 1, fecha: await diaDesdeHoy(db, 3) }),
    esperado: deAdministrador(200),
  },
  {
    // Each user's own (a client's company's; every one for the administrator): never a 403.
    ruta: 'POST /api/turnos/pausados',
    cuerpo: {},
    esperado: { anonimo: 401, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
  {
    // Public by the unguessable code: a driver without an account shows it (docs/security.md).
    ruta: 'GET /api/turnos/comprobante/:codigo',
    url: async ({ db }: ContextoCaso) =>
      `/api/turnos/comprobante/${(await turnoDePrueba(db)).codigo}`,
    esperado: { anonimo: 200, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
  {
    ruta: 'GET /api/turnos/comprobante/:codigo/pdf',
    url: async ({ db }: ContextoCaso) =>
      `/api/turnos/comprobante/${(await turnoDePrueba(db)).codigo}/pdf`,
    tipo: 'application/pdf',
    esperado: { anonimo: 200, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
  {
    ruta: 'POST /api/turnos/porteria/presentar',
    cuerpo: presentacion,
    esperado: soloServicio(200),
  },
  {
    ruta: 'POST /api/administracion/turnos/presentar',
    cuerpo: presentacion,
    esperado: deAdministrador(200),
  },
];
