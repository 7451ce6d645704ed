import { sql } from 'drizzle-orm';
import { deAdministrador } from '../../test/administracion';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { encolar } from '../avisos/servicio';
import { crear } from './servicio';

/** A fresh endpoint for every call (a public address: no request is made at registration). */
async function endpoint({ db }: ContextoCaso): Promise<number> {
  const { id } = await crear(
    db,
    { actor: 'prueba' },
    { url: 'http://203.0.113.7/webhooks', eventos: ['camion.finalizado'] },
    [],
  );
  return id;
}

export const CASOS_WEBHOOKS: CasoAutorizacion[] = [
  { ruta: 'GET /api/administracion/webhooks', esperado: deAdministrador(200) },
  {
    ruta: 'POST /api/administracion/webhooks/crear',
    cuerpo: { url: 'http://203.0.113.7/webhooks', eventos: ['cupo.creado'], codempre: 1 },
    esperado: deAdministrador(201),
  },
  {
    ruta: 'POST /api/administracion/webhooks/activar',
    cuerpo: async (c: ContextoCaso) => ({ id: await endpoint(c), activo: false }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/webhooks/eliminar',
    cuerpo: async (c: ContextoCaso) => ({ id: await endpoint(c) }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/webhooks/entregas',
    cuerpo: async (c: ContextoCaso) => ({ id: await endpoint(c) }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/webhooks/reenviar',
    // A failed delivery of its own endpoint for every call.
    cuerpo: async (c: ContextoCaso) => {
      const id = await endpoint(c);
      const [entrega] = await encolar(c.db, [
        { canal: 'webhook', destino: id, evento: 'camion.finalizado', datos: {} },
      ]);
      await c.db.execute(sql`update avisos set estado = 'fallido' where id = ${entrega!}`);
      return { id, entrega };
    },
    esperado: deAdministrador(200),
  },
];
