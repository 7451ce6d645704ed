import { queryOptions } from '@tanstack/react-query';
import type {
  CrearEncuestaBody,
  CrearPreguntaBody,
  EditarEncuestaBody,
  EditarPreguntaBody,
  Encuesta,
  FilaRespuesta,
  Pregunta,
  RespondioRespuesta,
  ResponderBody,
  ResponderRespuesta,
} from '../../../shared/contracts/encuestas';
import { api, ErrorApi } from '../../lib/api-client';

export const claves = {
  todas: ['encuestas'] as const,
  encuesta: (id: number) => ['encuestas', id] as const,
};

export const encuestasQuery = queryOptions({
  queryKey: claves.todas,
  queryFn: () => api.get<Encuesta[]>('/api/encuestas'),
});

export const encuestaQuery = (id: number) =>
  queryOptions({
    queryKey: claves.encuesta(id),
    queryFn: () => api.get<Encuesta>(`/api/encuestas/${id}`),
  });

export const preguntasQuery = (id: number) =>
  queryOptions({
    queryKey: [...claves.encuesta(id), 'preguntas'],
    queryFn: () => api.get<Pregunta[]>(`/api/encuestas/${id}/preguntas`),
  });

export const respuestasQuery = (id: number) =>
  queryOptions({
    queryKey: [...claves.encuesta(id), 'respuestas'],
    queryFn: () => api.get<FilaRespuesta[]>(`/api/encuestas/${id}/respuestas`),
  });

/** Spec section 4: a failed check counts as not answered. */
export const respondioQuery = (id: number, userId: number) =>
  queryOptions({
    queryKey: [...claves.encuesta(id), 'respondio', userId],
    queryFn: async () => {
      try {
        const r = await api.get<RespondioRespuesta>(
          `/api/encuestas/${id}/usuario/${userId}/respondio`,
        );
        return r.respondio;
      } catch (e) {
        console.error(e);
        return false;
      }
    },
  });

/** `ingreso` tells one sign-in from the next: each one checks afresh. */
export const pendientesQuery = (userId: number, ingreso: number) =>
  queryOptions({
    queryKey: ['encuestas-pendientes', userId, ingreso],
    queryFn: () => api.get<Encuesta[]>(`/api/encuestas/pendientes/${userId}`),
    staleTime: Infinity,
    retry: false,
  });

export const crearEncuesta = (cuerpo: CrearEncuestaBody) =>
  api.post<Encuesta>('/api/encuestas', cuerpo);
export const editarEncuesta = (cuerpo: EditarEncuestaBody) =>
  api.post<Encuesta>('/api/encuestas/editar', cuerpo);
export const agregarPregunta = (cuerpo: CrearPreguntaBody) =>
  api.post<Pregunta>('/api/encuestas/pregunta', cuerpo);
export const editarPregunta = (cuerpo: EditarPreguntaBody) =>
  api.post<Pregunta>('/api/encuestas/pregunta/editar', cuerpo);
export const responderEncuesta = (cuerpo: ResponderBody) =>
  api.post<ResponderRespuesta>('/api/encuestas/responder', cuerpo);

/** The server's own `msj` when it sent one; otherwise the screen's message (spec section 8). */
export function msjDelServidor(error: unknown, porDefecto: string): string {
  if (error instanceof ErrorApi && error.cuerpo && typeof error.cuerpo === 'object') {
    const { msj } = error.cuerpo as { msj?: unknown };
    if (typeof msj === 'string' && msj) return msj;
  }
  return porDefecto;
}

/** Route parameter → survey id, or null when it cannot be one (nothing is asked then). */
export function idDeRuta(valor: string | undefined): number | null {
  return valor && /^\d{1,9}$/.test(valor) && Number(valor) > 0 ? Number(valor) : null;
}
