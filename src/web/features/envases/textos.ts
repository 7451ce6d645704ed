/** The texts of 'Envases' (issue 21); the server's refusals are in shared/textos.ts. */
export const TEXTOS_ENVASES = {
  titulo: 'Envases',
  ayuda:
    'Los envases de cada empresa cliente: los activos son los que ofrece su formulario de cupos para un despacho en envases.',
  empresa: 'Empresa',
  elegirEmpresa: 'Elija una empresa',
  elijaEmpresa: 'Elija una empresa para ver sus envases.',
  nuevo: 'Nuevo envase',
  tabla: (empresa: string) => `Envases de ${empresa}`,
  sinEnvases: 'La empresa no tiene envases todavía.',
  cantidad: (n: number) => `${n} envase(s)`,
  columnas: {
    nombre: 'Nombre',
    peso: 'Peso',
    estado: 'Estado',
    acciones: 'Acciones',
  },
  kg: (peso: string) => `${peso} kg`,
  activo: 'Activo',
  desactivado: 'Desactivado',
  acciones: 'Acciones',
  accionesDe: (nombre: string) => `Acciones de ${nombre}`,
  editar: 'Editar',
  desactivar: 'Desactivar',
  activar: 'Activar',
  eliminar: 'Eliminar',
  confirmarDesactivar: (nombre: string) =>
    `¿Desactivar '${nombre}'? Deja de ofrecerse para cupos nuevos; los cupos que lo tienen lo conservan.`,
  confirmarEliminar: (nombre: string) =>
    `¿Eliminar '${nombre}'? Solo se puede si ningún cupo lo usó; si no, desactívelo.`,
  creado: (nombre: string) => `Se creó el envase '${nombre}'.`,
  guardado: (nombre: string) => `Se guardó el envase '${nombre}'.`,
  desactivadoAviso: (nombre: string) => `'${nombre}' quedó desactivado.`,
  activadoAviso: (nombre: string) => `'${nombre}' quedó activo.`,
  eliminado: (nombre: string) => `Se eliminó el envase '${nombre}'.`,

  // The form
  formularioNuevo: (empresa: string) => `Nuevo envase de ${empresa}`,
  formularioEditar: (nombre: string) => `Editar ${nombre}`,
  campoNombre: 'Nombre',
  campoPeso: 'Peso (kg)',
  ayudaPeso: 'Los kilos que lleva un envase, con hasta tres decimales.',
  cancelar: 'Cancelar',
  crear: 'Crear envase',
  guardar: 'Guardar',
  cerrar: 'Cerrar',
} as const;
