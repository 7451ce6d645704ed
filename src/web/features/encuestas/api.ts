import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api, ErrorApi } from '../../lib/api-client';
import { claves } from '../../lib/claves';

export const encuestasQuery = queryOptions({
  queryKey: claves.encuestas.lista,
  queryFn: () => api.get('/api/encuestas'),
});

export const encuestaQuery = (id: number) =>
  queryOptions({
    queryKey: claves.encuestas.una(id),
    queryFn: () => api.get('/api/encuestas/:id', { id }),
  });

export const preguntasQuery = (id: number) =>
  queryOptions({
    queryKey: claves.encuestas.preguntas(id),
    queryFn: () => api.get('/api/encuestas/:id/preguntas', { id }),
  });

export const respuestasQuery = (id: number) =>
  queryOptions({
    queryKey: claves.encuestas.respuestas(id),
    queryFn: () => api.get('/api/encuestas/:id/respuestas', { id }),
  });

/** Spec section 4: a failed check counts as not answered. */
export const respondioQuery = (id: number, userId: number) =>
  queryOptions({
    queryKey: claves.encuestas.respondio(id, userId),
    queryFn: async () => {
      try {
        const r = await api.get('/api/encuestas/:id/usuario/:userId/respondio', { id, userId });
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
    queryKey: claves.encuestas.pendientes(userId, ingreso),
    queryFn: () => api.get('/api/encuestas/pendientes/:userId', { userId }),
    staleTime: Infinity,
    retry: false,
  });

/** A new survey: the list loads again. */
export const crearEncuestaMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/encuestas'>) => api.post('/api/encuestas', cuerpo),
  onSettled: (_encuesta, _error, _cuerpo, _contexto, { client }) =>
    void client.invalidateQueries({ queryKey: claves.encuestas.lista }),
});

/** The survey's new title and description: kept as the server answered, and the list reloads. */
export const editarEncuestaMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/encuestas/editar'>) =>
    api.post('/api/encuestas/editar', cuerpo),
  onSettled: (actualizada, _error, _cuerpo, _contexto, { client }) => {
    if (actualizada) client.setQueryData(encuestaQuery(actualizada.Id).queryKey, actualizada);
    void client.invalidateQueries({ queryKey: claves.encuestas.lista });
  },
});

/** A new question: the survey's questions load again. */
export const agregarPreguntaMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/encuestas/pregunta'>) =>
    api.post('/api/encuestas/pregunta', cuerpo),
  onSettled: (_pregunta, _error, cuerpo, _contexto, { client }) =>
    void client.invalidateQueries({
      queryKey: claves.encuestas.preguntas(Number(cuerpo.EncuestaId)),
    }),
});

/** An edited question replaces the old one in its survey's list, as the server answered it. */
export const editarPreguntaMutation = (encuestaId: number) =>
  mutationOptions({
    mutationFn: (cuerpo: CuerpoDe<'POST /api/encuestas/pregunta/editar'>) =>
      api.post('/api/encuestas/pregunta/editar', cuerpo),
    onSettled: (actualizada, _error, _cuerpo, _contexto, { client }) => {
      if (!actualizada) return;
      client.setQueryData(preguntasQuery(encuestaId).queryKey, (lista) =>
        lista?.map((p) => (p.Id === actualizada.Id ? actualizada : p)),
      );
    },
  });

/**
 * Every survey query becomes stale (the list's 'Respondida' above all) but nothing is fetched
 * now: the answering screen keeps its form until it leaves for the list.
 */
export const responderEncuestaMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/encuestas/responder'>) =>
    api.post('/api/encuestas/responder', cuerpo),
  onSettled: (_respuesta, _error, _cuerpo, _contexto, { client }) =>
    void client.invalidateQueries({ queryKey: claves.encuestas.todas, refetchType: 'none' }),
});

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

/** Whom a reminder would reach now and the last one sent; asked afresh when the dialog opens. */
export const estadoRecordatorioQuery = (id: number) =>
  queryOptions({
    queryKey: claves.encuestas.estadoRecordatorio(id),
    queryFn: () => api.get('/api/encuestas/recordatorios/encuesta/:id', { id }),
  });

/** A reminder sent: its figures (the last one sent, whom a next one would reach) load again. */
export const enviarRecordatorioMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/encuestas/recordatorio'>) =>
    api.post('/api/encuestas/recordatorio', cuerpo),
  onSettled: (_r, _error, cuerpo, _contexto, { client }) =>
    void client.invalidateQueries({
      queryKey: claves.encuestas.estadoRecordatorio(Number(cuerpo.id)),
    }),
});

/** The unseen reminders after a sign-in, like `pendientesQuery`: once per sign-in. */
export const recordatoriosQuery = (userId: number, ingreso: number) =>
  queryOptions({
    queryKey: claves.encuestas.recordatorios(userId, ingreso),
    queryFn: () => api.get('/api/encuestas/recordatorios/usuario/:userId', { userId }),
    staleTime: Infinity,
    retry: false,
  });
