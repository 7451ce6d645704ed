import { mantener } from '../mantenimiento';
import { CLI } from './actor';
import { OPCION_JSON, type Comando } from './comandos';

export const COMANDOS_PURGAR: Comando[] = [
  {
    nombre: 'purgar',
    resumen:
      'borra sesiones y desafíos vencidos, cuentas de fallos viejas y la auditoría de más de AUDIT_RETENTION_DAYS días los eventos de la playa de más de un día y los avisos enviados o fallidos de más de AUDIT_RETENTION_DAYS días (el portal lo hace cada hora)',
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const purgado = await mantener(c.db, c.entorno.config, CLI);
      if (!purgado)
        throw new Error('Otro proceso está purgando en este momento: pruebe en un rato.');
      if (c.opciones.json) {
        c.escribir(JSON.stringify(purgado));
        return;
      }
      c.escribir(
        `Purgados: ${purgado.sesiones} sesión(es) y ${purgado.desafios} desafío(s) vencidos, ` +
          `${purgado.fallos} cuenta(s) de fallos viejas y ${purgado.auditoria} fila(s) de auditoría ` +
          `de más de ${c.entorno.config.auditRetentionDays} días; ${purgado.eventos} evento(s) de la ` +
          `playa en vivo de más de un día; ${purgado.avisos} aviso(s) enviados o fallidos.`,
      );
    },
  },
];
