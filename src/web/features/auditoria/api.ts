import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves } from '../../lib/claves';

/** The filters of the trail as the screen sends them (no cursor, no page size). */
export type FiltrosAuditoria = Omit<
  CuerpoDe<'POST /api/administracion/auditoria'>,
  'antesDe' | 'limite'
>;

/** Rows per page on screen. */
export const POR_PAGINA = 50;

/** The actions and tables the trail holds, for the filters' lists. */
export const opcionesAuditoriaQuery = queryOptions({
  queryKey: claves.auditoria.opciones,
  queryFn: () => api.get('/api/administracion/auditoria/opciones'),
});

/**
 * The portal's users, as suggestions for the 'Usuario' filter (the same cache entry as
 * 'Usuarios y tarjetas'). Suggestions only: an actor may also be a token, 'cli' or a name tried
 * at a failed sign-in, so the field stays free text.
 */
export const usuariosSugeridosQuery = queryOptions({
  queryKey: claves.usuariosAdministrados,
  queryFn: () => api.get('/api/administracion/usuarios'),
  staleTime: 0,
});

/** A page of the trail: `antesDe` is the previous page's `siguiente` (keyset pagination). */
export const paginaAuditoria = (filtros: FiltrosAuditoria, antesDe?: number, limite = POR_PAGINA) =>
  api.post('/api/administracion/auditoria', {
    ...filtros,
    ...(antesDe === undefined ? {} : { antesDe }),
    limite,
  });

/** The trail, newest first, one page after another ('Más antiguos'). */
export const auditoriaQuery = (filtros: FiltrosAuditoria) =>
  infiniteQueryOptions({
    queryKey: claves.auditoria.paginas(filtros),
    queryFn: ({ pageParam }) => paginaAuditoria(filtros, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (ultima) => ultima.siguiente ?? undefined,
    // Every act of the portal writes here: each visit asks again.
    staleTime: 0,
  });
