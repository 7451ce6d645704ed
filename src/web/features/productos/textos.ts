/** The texts of 'Productos' (issue 21); the server's refusals are in shared/textos.ts. */
export const TEXTOS_PRODUCTOS = {
  titulo: 'Productos',
  nuevo: 'Nuevo producto',
  buscar: 'Buscar por código o nombre',
  estado: 'Estado',
  todos: 'Todos',
  activos: 'Activos',
  desactivados: 'Desactivados',
  cantidad: (n: number, total: number) =>
    n === total ? `${total} producto(s)` : `${n} de ${total} producto(s)`,
  sinProductos: 'No hay productos que coincidan con la búsqueda.',
  tabla: 'Productos',
  columnas: {
    codigo: 'Código',
    nombre: 'Nombre',
    estado: 'Estado',
    clientes: 'Clientes',
    acciones: 'Acciones',
  },
  activo: 'Activo',
  desactivado: 'Desactivado',
  acciones: 'Acciones',
  accionesDe: (nompro: string) => `Acciones de ${nompro}`,
  renombrar: 'Renombrar',
  desactivar: 'Desactivar',
  activar: 'Activar',
  eliminar: 'Eliminar',
  confirmarDesactivar: (nompro: string) =>
    `¿Desactivar '${nompro}'? Deja de ofrecerse para cupos nuevos y a clientes; sus cupos abiertos, su stock y su historia lo conservan.`,
  confirmarEliminar: (nompro: string) =>
    `¿Eliminar '${nompro}'? Solo se puede si nada lo usa (cupos, tickets, stock, clientes); si no, desactívelo.`,
  creado: (codpro: number, nompro: string) => `Se creó el producto ${codpro} '${nompro}'.`,
  renombrado: (nompro: string) => `El producto ahora se llama '${nompro}'.`,
  desactivadoAviso: (nompro: string) => `'${nompro}' quedó desactivado.`,
  activadoAviso: (nompro: string) => `'${nompro}' quedó activo.`,
  eliminado: (nompro: string) => `Se eliminó el producto '${nompro}'.`,

  // The product form
  formularioNuevo: 'Nuevo producto',
  formularioRenombrar: (nompro: string) => `Renombrar ${nompro}`,
  campoCodigo: 'Código',
  ayudaCodigo: 'Un número entero positivo, el mismo que usa la terminal.',
  campoNombre: 'Nombre',
  cancelar: 'Cancelar',
  crear: 'Crear producto',
  guardar: 'Guardar',
  cerrar: 'Cerrar',

  // Products per client
  porCliente: 'Productos por cliente',
  porClienteAyuda:
    'Marque los productos que la empresa puede pedir en la unidad de negocio: son los que ofrece su formulario de cupos.',
  empresa: 'Empresa',
  elegirEmpresa: 'Elija una empresa',
  unidad: 'Unidad de negocio',
  elegirUnidad: 'Elija una unidad',
  empresaSinUnidades: 'La empresa no trabaja en ninguna unidad de negocio todavía.',
  elijaClienteYUnidad: 'Elija una empresa y una unidad de negocio para ver sus productos.',
  listaDe: (empresa: string, unidad: string) => `Productos de ${empresa} en ${unidad}`,
  sinProductosActivos: 'No hay productos activos: cree uno arriba.',
  marcados: (n: number) => `${n} producto(s) marcado(s)`,
  enCuposAbiertos: (n: number) => `en ${n} cupo(s) abierto(s): no se puede quitar`,
  desactivadoMarca: 'desactivado',
  guardarProductos: 'Guardar productos',
  productosGuardados: (empresa: string, unidad: string) =>
    `Se guardaron los productos de ${empresa} en ${unidad}.`,
} as const;
