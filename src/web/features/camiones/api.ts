import { queryOptions } from '@tanstack/react-query';
import type {
  CamionEnPlaya,
  CupoAsignado,
  DesasignarCupoCamionBody,
  DesasignarCupoCamionRespuesta,
  Ticket,
  VincularCamionCupoBody,
  VincularCamionCupoRespuesta,
} from '../../../shared/contracts/camiones';
import type { CuposRespuesta } from '../../../shared/contracts/cupos';
import { api } from '../../lib/api-client';

export interface FiltrosCamiones {
  codempre: number;
  unineg: number;
  estado: number;
}

export const camionesPlayaQuery = (filtros: FiltrosCamiones) =>
  queryOptions({
    queryKey: ['camiones-playa', filtros],
    queryFn: () => api.post<CamionEnPlaya[]>('/api/camiones/camiones-playa', { filtros }),
    // The yard moves all day: every Filtrar asks again, nothing old is shown as current.
    staleTime: 0,
    gcTime: 60_000,
  });

/** The 'Cupos disponibles' modal lists the quota list's own call (POST /api/cupos). */
export const cuposDisponiblesQuery = (codEmpre: number, uniNeg: number) =>
  queryOptions({
    queryKey: ['cupos', codEmpre, uniNeg],
    queryFn: async () =>
      (await api.post<CuposRespuesta>('/api/cupos', { uniNeg, codEmpre })).resultado,
    staleTime: 0,
  });

export const cuposAsignadosQuery = (codcamion: number) =>
  queryOptions({
    queryKey: ['camiones', 'cupos-asignados', codcamion],
    queryFn: () => api.post<CupoAsignado[]>('/api/camiones/cupos-asignados', { codcamion }),
    staleTime: 0,
  });

export const ticketsQuery = (camion: number) =>
  queryOptions({
    queryKey: ['camiones', 'tickets', camion],
    queryFn: () => api.post<Ticket[]>('/api/camiones/tickets', { camion }),
  });

/** Success is HTTP 201 with `actualizado` 1 (spec section 7); anything else is a failure. */
export async function vincularCamionCupo(cuerpo: VincularCamionCupoBody): Promise<boolean> {
  const { status, datos } = await api.postConEstado<VincularCamionCupoRespuesta>(
    '/api/camiones/vincular-camion-cupo',
    cuerpo,
  );
  return status === 201 && datos?.actualizado === 1;
}

/** Success is HTTP 201 with `resultado[0].result` 1 (spec section 7). */
export async function desasignarCupoCamion(cuerpo: DesasignarCupoCamionBody): Promise<boolean> {
  const { status, datos } = await api.postConEstado<DesasignarCupoCamionRespuesta>(
    '/api/camiones/desasignar-cupo-camion',
    cuerpo,
  );
  return status === 201 && datos?.resultado?.[0]?.result === 1;
}
