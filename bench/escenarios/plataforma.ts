import type { Escenario } from '../tipos';

export const ESCENARIOS_PLATAFORMA: Escenario[] = [
  {
    nombre: 'health',
    descripcion: 'GET /api/health (una consulta trivial a la base)',
    conexiones: 20,
    duracion: 10,
    preparar: () => ({ method: 'GET', path: '/api/health' }),
  },
  {
    nombre: 'verifyuser',
    descripcion: 'GET /api/auth/verifyuser con sesión (carga de sesión + unidades)',
    conexiones: 20,
    duracion: 10,
    preparar: (ctx) => ({
      method: 'GET',
      path: '/api/auth/verifyuser',
      cookie: ctx.cookies.cliente1,
    }),
  },
  {
    nombre: 'clientes-empresas (admin)',
    descripcion: 'POST /api/clientes/clientes-empresas como administrador',
    conexiones: 20,
    duracion: 10,
    preparar: (ctx) => ({
      method: 'POST',
      path: '/api/clientes/clientes-empresas',
      body: { codempre: 0 },
      cookie: ctx.cookies.admin,
    }),
  },
];
