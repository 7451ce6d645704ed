/**
 * 'En vivo' with the time of the screen's last news from the yard, or that the stream is
 * reconnecting (issue 15): the same line on every screen that follows the yard.
 */
import { memo } from 'react';
import type { EstadoEnVivo } from '../lib/en-vivo';

export const IndicadorEnVivo = memo(function IndicadorEnVivo({
  estado,
  ultima,
}: {
  estado: EstadoEnVivo;
  ultima: number | null;
}) {
  if (estado.estado === 'conectando') return null;
  return (
    <p className="small mb-2" role="status">
      {estado.estado === 'en-vivo' ? (
        <span className="text-success">
          <span aria-hidden="true">● </span>
          En vivo, actualizado a las {horaDe(ultima ?? estado.desde)}
        </span>
      ) : (
        <span className="text-danger">Sin conexión, reintentando…</span>
      )}
    </p>
  );
});

/**
 * 'HH:MM:SS' on a 24-hour clock: CLDR's es-AR would write '08:53:57 a. m.'. One formatter for
 * the module: `toLocaleTimeString` with options builds a new one on each call (~1 ms in Chromium),
 * and the line is drawn again on every keystroke of the screens' searches (issue 23).
 */
const FORMATO_HORA = new Intl.DateTimeFormat('es-AR', {
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const horaDe = (ms: number) => FORMATO_HORA.format(ms);
