import { deAdministrador } from '../../test/administracion';
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
];
