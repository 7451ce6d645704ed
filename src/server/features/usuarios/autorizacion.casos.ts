import {
  deAdministrador,
  nombreNuevo,
  tarjetaNueva,
  usuarioNuevo,
} from '../../test/administracion';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';

export const CASOS_USUARIOS: CasoAutorizacion[] = [
  { ruta: 'GET /api/administracion/usuarios', esperado: deAdministrador(200) },
  {
    ruta: 'POST /api/administracion/usuarios/crear',
    cuerpo: () => ({ usuario: nombreNuevo('alta'), codempre: 1, unidades: [1] }),
    esperado: deAdministrador(201),
  },
  {
    ruta: 'POST /api/administracion/usuarios/unidades',
    cuerpo: async (c: ContextoCaso) => ({ usuario: await usuarioNuevo(c), unidades: [1, 2] }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/usuarios/activo',
    cuerpo: async (c: ContextoCaso) => ({ usuario: await usuarioNuevo(c), activo: false }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/usuarios/desbloquear',
    cuerpo: async (c: ContextoCaso) => ({ usuario: await usuarioNuevo(c) }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/usuarios/cerrar-sesiones',
    cuerpo: async (c: ContextoCaso) => ({ usuario: await usuarioNuevo(c) }),
    esperado: deAdministrador(200),
  },
  {
    // The matrix's administrator has just confirmed its card (step-up).
    ruta: 'POST /api/administracion/tarjetas/emitir',
    cuerpo: async (c: ContextoCaso) => ({ usuario: await usuarioNuevo(c) }),
    esperado: deAdministrador(201),
  },
  {
    ruta: 'POST /api/administracion/tarjetas/pdf',
    cuerpo: tarjetaNueva,
    tipo: 'application/pdf',
    esperado: deAdministrador(200),
  },
];
