import { deAdministrador, deSesion, usuarioNuevo } from '../../test/administracion';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { encolar } from './servicio';
import { sql } from 'drizzle-orm';

export const CASOS_AVISOS: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/administracion/avisos',
    cuerpo: { estado: 'fallido', limite: 10 },
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/avisos/reenviar',
    // A failed notice of its own for every call.
    cuerpo: async ({ db }: ContextoCaso) => {
      const [id] = await encolar(db, [
        { canal: 'correo', destino: 1, evento: 'camion.finalizado', datos: {} },
      ]);
      await db.execute(sql`update avisos set estado = 'fallido' where id = ${id!}`);
      return { id };
    },
    esperado: deAdministrador(200),
  },

  {
    ruta: 'POST /api/administracion/usuarios/correo',
    cuerpo: async (c: ContextoCaso) => ({
      usuario: await usuarioNuevo(c),
      correo: 'x@cliente.example',
    }),
    esperado: deAdministrador(200),
  },
  { ruta: 'GET /api/cuenta/avisos', esperado: deSesion(200) },
  { ruta: 'POST /api/cuenta/avisos', cuerpo: { avisos: [] }, esperado: deSesion(200) },
  // The matrix's app has no SMTP_URL: every signed-in user hears that e-mail is off.
  {
    ruta: 'POST /api/cuenta/correo',
    cuerpo: { correo: 'nuevo@cliente.example' },
    esperado: deSesion(409),
  },
  // Public (the link is opened without a session): a token nobody was sent is refused to all.
  {
    ruta: 'POST /api/cuenta/correo/confirmar',
    cuerpo: { token: 'a'.repeat(43) },
    esperado: {
      anonimo: 400,
      clienteA: 400,
      clienteB: 400,
      sinUnidad: 400,
      admin: 400,
      servicio: 400,
    },
  },
];
