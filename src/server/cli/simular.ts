import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import * as tokens from '../features/tokens/servicio';
import { relojDeTerminal } from '../reloj-terminal';
import { CLI } from './actor';
import { entero, ErrorUso, type Comando } from './comandos';
import { simular } from './simulador';

function positivo(texto: string | undefined, nombre: string, defecto: number): number {
  if (texto === undefined) return defecto;
  const n = Number(texto);
  if (!Number.isFinite(n) || n <= 0) throw new ErrorUso(`--${nombre} debe ser un número positivo.`);
  return n;
}

export const COMANDOS_SIMULAR: Comando[] = [
  {
    nombre: 'simular',
    resumen:
      'camiones que recorren la playa por la API de operaciones (turno, ingreso, cupo, tara, bruto, egreso) hasta Ctrl-C',
    opciones: [
      { nombre: 'ritmo', valor: '<N>', descripcion: 'camiones por minuto (6)' },
      { nombre: 'url', valor: '<U>', descripcion: 'el portal (http://127.0.0.1:3000)' },
      {
        nombre: 'token-archivo',
        valor: '<ruta>',
        descripcion:
          'archivo con el token de servicio (o la variable ACOPIO_TOKEN); sin él, uno temporal',
      },
      { nombre: 'empresa', valor: '<C>', descripcion: 'solo camiones de ese cliente' },
      { nombre: 'unidad', valor: '<U>', descripcion: 'solo de esa unidad de negocio' },
      { nombre: 'camiones', valor: '<N>', descripcion: 'se detiene tras N camiones' },
    ],
    async ejecutar(c) {
      const o = c.opciones as Record<string, string | undefined>;
      const ritmo = positivo(o.ritmo, 'ritmo', 6);
      const camiones =
        o.camiones === undefined ? undefined : Math.ceil(positivo(o.camiones, 'camiones', 1));
      const url = (o.url ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
      // Never from the command line, where `ps` shows it to everyone on the machine.
      let token = o['token-archivo']
        ? (await fs.readFile(o['token-archivo'], 'utf8')).trim()
        : process.env.ACOPIO_TOKEN;
      let temporal: string | undefined;
      if (!token) {
        temporal = `simulador-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(2).toString('hex')}`;
        token = await tokens.crearToken(c.db, 'terminal', temporal, CLI);
        c.escribir(`Token de servicio temporal '${temporal}' (se revoca al terminar).`);
      }
      // The terminal's wall time, whatever the machine running the simulator is set to.
      const hora = new Intl.DateTimeFormat('es-AR', {
        timeZone: c.entorno.config.timeZone,
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      const control = new AbortController();
      const detener = () => {
        c.escribir('\nDeteniendo la simulación (Ctrl-C otra vez para salir ya)…');
        control.abort();
        process.once('SIGINT', () => process.exit(130));
      };
      process.once('SIGINT', detener);
      c.escribir(
        `Simulando ${ritmo} camión(es) por minuto contra ${url}${camiones ? `, ${camiones} en total` : ''}. Ctrl-C para detener.`,
      );
      try {
        const r = await simular({
          url,
          token,
          db: c.db,
          ritmo,
          camiones,
          codempre: o.empresa === undefined ? undefined : entero(o.empresa, '--empresa'),
          unineg: o.unidad === undefined ? undefined : entero(o.unidad, '--unidad'),
          escribir: (linea) => c.escribir(`${hora.format(new Date())}  ${linea}`),
          senal: control.signal,
          reloj: relojDeTerminal(c.entorno.config.timeZone),
        });
        c.escribir(
          `Simulación terminada: ${r.iniciados} camión(es) ingresaron, ${r.finalizados} salieron de playa.`,
        );
      } finally {
        process.removeListener('SIGINT', detener);
        if (temporal) await tokens.revocarToken(c.db, temporal, CLI);
      }
    },
  },
];
