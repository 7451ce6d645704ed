/**
 * The auth feature's public entry: what routes, other features, the CLI and the demo may call.
 * Its acts live by concern (docs/desarrollo.md): signing in, the step-up and the locks in
 * ingreso/, sessions in sesiones/, issuing and printing cards in emision/, each with its service
 * and its repository. Another feature imports auth only through this file (eslint.fronteras.js).
 */
export {
  compararCoordenadas,
  desbloquear,
  estadosDeIngreso,
  pedirDesafio,
  purgarIngresos,
  reautenticar,
  REAUTENTICACION,
  type ConfigIngreso,
  type Ingreso,
} from './ingreso/servicio';
export {
  cerrarSesiones,
  cerrarSesionesEn,
  salir,
  usuarioDeSesion,
  usuarioEnCache,
  usuariosDeTokens,
} from './sesiones/servicio';
export {
  emitirTarjeta,
  emitirTarjetaAuditadaEn,
  emitirTarjetaEn,
  tarjetaDe,
  tarjetaImprimible,
} from './emision/servicio';
