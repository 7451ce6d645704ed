import { emitirTarjeta } from '../auth/servicio';
import { crear as crearUsuario } from '../usuarios/servicio';
import { nombreNuevo } from '../../test/administracion';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { SECRETO_PRUEBAS } from '../../test/constantes';

/** A fresh administrator with a card just issued: what the set-up's printable sheet takes. */
async function tarjetaDeAdministradorNueva({ db }: ContextoCaso) {
  const actor = { actor: 'prueba' };
  const { usuario } = await crearUsuario(db, 'terminal', actor, {
    usuario: nombreNuevo('jefe'),
    codempre: 0,
    unidades: [],
  });
  const t = await emitirTarjeta(db, SECRETO_PRUEBAS, 'terminal', usuario, actor);
  return { usuario, ctrltarjeta: t.ctrltarjeta, celdas: t.celdas };
}

/**
 * Public routes: nobody can sign in before the set-up. On the matrix's database (the demo) the
 * terminal is set up already, so the set-up answers 409 to everyone, whatever the credential.
 */
export const CASOS_INICIALIZACION: CasoAutorizacion[] = [
  {
    ruta: 'GET /api/inicializacion',
    esperado: { anonimo: 200, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
  {
    ruta: 'POST /api/inicializacion',
    cuerpo: {
      codigo: 'K7QM-3XRT-9HDB',
      nombre: 'Terminal Nueva S.A.',
      cuit: '30-71234567-1',
      direccion: 'Ruta 11 km 320, San Lorenzo',
      usuario: 'jefe',
    },
    esperado: { anonimo: 409, clienteA: 409, clienteB: 409, sinUnidad: 409, admin: 409 },
  },
  {
    ruta: 'POST /api/inicializacion/tarjeta/pdf',
    cuerpo: tarjetaDeAdministradorNueva,
    tipo: 'application/pdf',
    esperado: { anonimo: 200, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
];
