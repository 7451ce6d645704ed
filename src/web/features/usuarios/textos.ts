/** The texts of 'Usuarios y tarjetas' (issue 14), in the spec's Spanish. */
export const TEXTOS_USUARIOS = {
  titulo: 'Usuarios y tarjetas',
  nuevo: 'Nuevo usuario',
  buscar: 'Buscar por nombre',
  empresa: 'Empresa',
  todas: 'Todas',
  todos: 'Todos',
  estado: 'Estado',
  activos: 'Activos',
  inactivos: 'Inactivos',
  bloqueo: 'Bloqueo',
  bloqueados: 'Bloqueados',
  noBloqueados: 'No bloqueados',
  cantidad: (n: number, total: number) =>
    n === total ? `${total} usuario(s)` : `${n} de ${total} usuario(s)`,
  sinUsuarios: 'No hay usuarios que coincidan con la búsqueda.',
  columnas: {
    usuario: 'Usuario',
    empresa: 'Empresa',
    unidades: 'Unidades de negocio',
    activo: 'Activo',
    bloqueado: 'Bloqueado hasta',
    tarjeta: 'Tarjeta',
    ultimoIngreso: 'Último ingreso',
    sesiones: 'Sesiones abiertas',
    acciones: 'Acciones',
  },
  si: 'Sí',
  no: 'No',
  todasLasUnidades: 'Todas (administrador)',
  seGuardaraComo: (nombre: string) =>
    `Se guardará como '${nombre}': los nombres de usuario van en minúsculas.`,
  sinUnidades: 'Ninguna',
  sinTarjeta: 'Sin tarjeta',
  nunca: 'Nunca',
  tarjetaNumero: (ctrl: number) => `N° ${ctrl}`,
  emitidaEl: (fecha: string) => `emitida el ${fecha}`,
  fallos: (n: number) => `${n} intento(s) fallido(s)`,

  // Actions
  acciones: 'Acciones',
  accionesDe: (usuario: string) => `Acciones de ${usuario}`,
  editarUnidades: 'Editar unidades',
  emitirTarjeta: 'Emitir tarjeta',
  reemitirTarjeta: 'Reemitir tarjeta',
  desbloquear: 'Desbloquear',
  cerrarSesiones: 'Cerrar sesiones',
  desactivar: 'Desactivar',
  reactivar: 'Reactivar',
  confirmarDesactivar: (u: string) =>
    `¿Desactivar a '${u}'? No podrá ingresar y se cierran sus sesiones abiertas en el acto.`,
  confirmarCerrarSesiones: (u: string, n: number) =>
    `¿Cerrar las ${n} sesión(es) abierta(s) de '${u}'? Deberá ingresar de nuevo con su tarjeta.`,
  confirmarCerrarSesionesPropias:
    '¿Cerrar todas sus sesiones abiertas, incluida esta? Deberá ingresar de nuevo con su tarjeta.',
  confirmarEmitir: (u: string) =>
    `¿Emitir la tarjeta de coordenadas de '${u}'? Los valores se muestran una sola vez.`,
  confirmarReemitir: (u: string) =>
    `¿Reemitir la tarjeta de '${u}'? La tarjeta actual deja de valer y se cierran sus sesiones abiertas. Los valores nuevos se muestran una sola vez.`,
  desactivado: (u: string, n: number) =>
    n > 0 ? `'${u}' quedó desactivado; se cerraron ${n} sesión(es).` : `'${u}' quedó desactivado.`,
  reactivado: (u: string) => `'${u}' quedó activo.`,
  desbloqueado: (u: string) => `'${u}' ya puede ingresar.`,
  sesionesCerradas: (u: string, n: number) => `Se cerraron ${n} sesión(es) de '${u}'.`,
  unidadesGuardadas: (u: string) => `Se guardaron las unidades de '${u}'.`,
  creado: (u: string) => `Se creó el usuario '${u}'. Emítale una tarjeta para que pueda ingresar.`,

  // The user form
  formularioNuevo: 'Nuevo usuario',
  formularioUnidades: (u: string) => `Unidades de negocio de ${u}`,
  campoUsuario: 'Usuario',
  ayudaUsuario: 'De 3 a 50 letras minúsculas, números, punto, guion o guion bajo.',
  campoEmpresa: 'Empresa',
  elegirEmpresa: 'Elija una empresa',
  campoUnidades: 'Unidades de negocio',
  unidadesDeAdministrador:
    'Un administrador (empresa 0) tiene todas las unidades de negocio: no se le asignan. Crearlo pide confirmar su identidad.',
  empresaSinUnidades: 'La empresa no trabaja en ninguna unidad de negocio todavía.',
  faltaUsuario: 'Escriba el nombre del usuario.',
  usuarioInvalido: 'De 3 a 50 letras minúsculas, números, punto, guion o guion bajo.',
  faltaEmpresa: 'Elija la empresa.',
  cancelar: 'Cancelar',
  crear: 'Crear usuario',
  guardar: 'Guardar',

  // The issued card (its dialog's words are TEXTOS_TARJETA, shared with the set-up)
  cerrar: 'Cerrar',
} as const;
