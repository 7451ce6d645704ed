import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, type FiltrosCamiones } from '../../lib/claves';

export type { FiltrosCamiones };

export const camionesPlayaQuery = (filtros: FiltrosCamiones) =>
  queryOptions({
    queryKey: claves.camiones.playa(filtros),
    queryFn: () => api.post('/api/camiones/camiones-playa', { filtros }),
    // The yard moves all day: every Filtrar asks again, nothing old is shown as current.
    staleTime: 0,
    gcTime: 60_000,
  });

export const cuposAsignadosQuery = (codcamion: number) =>
  queryOptions({
    queryKey: claves.camiones.cuposAsignados(codcamion),
    queryFn: () => api.post('/api/camiones/cupos-asignados', { codcamion }),
    staleTime: 0,
  });

export const ticketsQuery = (camion: number) =>
  queryOptions({
    queryKey: claves.camiones.tickets(camion),
    queryFn: () => api.post('/api/camiones/tickets', { camion }),
  });

/** A 2xx without the spec's success indicator: a failure, told as 'Algo salió mal'. */
export class SinIndicadorDeExito extends Error {
  constructor(ruta: string, status: number) {
    super(`${ruta} respondió ${status} sin el indicador de éxito`);
    this.name = 'SinIndicadorDeExito';
  }
}

/**
 * After a link or unlink, successful or not (a failure may mean someone else changed them): the
 * unassigned quotas (both screens that show them) and the truck's assigned quotas; after a
 * success, the trucks too (their status and quota column).
 */
function recargarTrasVinculo(cliente: QueryClient, codcamion: number, exito: boolean) {
  void cliente.invalidateQueries({ queryKey: claves.cupos.todos });
  void cliente.invalidateQueries({ queryKey: claves.camiones.cuposAsignados(codcamion) });
  if (exito) void cliente.invalidateQueries({ queryKey: claves.camiones.todos });
}

/** Success is HTTP 201 with `actualizado` 1 (spec section 7); anything else fails. */
export const vincularCamionCupoMutation = mutationOptions({
  mutationFn: async (cuerpo: CuerpoDe<'POST /api/camiones/vincular-camion-cupo'>) => {
    const ruta = '/api/camiones/vincular-camion-cupo';
    const { status, datos } = await api.postConEstado(ruta, cuerpo);
    if (status !== 201 || datos?.actualizado !== 1) throw new SinIndicadorDeExito(ruta, status);
  },
  onSettled: (_datos, error, cuerpo, _contexto, { client }) =>
    recargarTrasVinculo(client, Number(cuerpo.codcamion), !error),
});

/** Success is HTTP 201 with `resultado[0].result` 1 (spec section 7). */
export const desasignarCupoCamionMutation = mutationOptions({
  mutationFn: async (cuerpo: CuerpoDe<'POST /api/camiones/desasignar-cupo-camion'>) => {
    const ruta = '/api/camiones/desasignar-cupo-camion';
    const { status, datos } = await api.postConEstado(ruta, cuerpo);
    if (status !== 201 || datos?.resultado?.[0]?.result !== 1) {
      throw new SinIndicadorDeExito(ruta, status);
    }
  },
  onSettled: (_datos, error, cuerpo, _contexto, { client }) =>
    recargarTrasVinculo(client, Number(cuerpo.codcamion), !error),
});

/**
 * The wait thresholds of the user's units, with the terminal's clock: `desfase` (terminal wall
 * clock minus this browser's clock) is taken when the answer arrives.
 */
export const umbralesEsperaQuery = queryOptions({
  queryKey: claves.umbralesEspera,
  queryFn: async () => {
    const r = await api.get('/api/camiones/umbrales-espera');
    return { ...r, recibido: Date.now() };
  },
  staleTime: 5 * 60_000,
});

export const guardarUmbralEsperaMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/umbrales-espera'>) =>
    api.post('/api/administracion/umbrales-espera', cuerpo),
  onSettled: (_d, _e, _v, _c, { client }) =>
    void client.invalidateQueries({ queryKey: claves.umbralesEspera }),
});

/**
 * 'Presentar turno': a truck in the yard checks in with today's booking (by code or plate). The
 * truck, its quotas and the turns' counts change: all of them load again, succeed or not.
 */
export const presentarTurnoMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/turnos/presentar'>) =>
    api.post('/api/administracion/turnos/presentar', cuerpo),
  onSettled: (_d, _e, cuerpo, _c, { client }) => {
    void client.invalidateQueries({ queryKey: claves.camiones.todos });
    void client.invalidateQueries({ queryKey: claves.cupos.todos });
    void client.invalidateQueries({ queryKey: claves.turnos.todos });
    void client.invalidateQueries({
      queryKey: claves.camiones.cuposAsignados(Number(cuerpo.camion)),
    });
  },
});
