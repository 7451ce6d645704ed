/**
 * `turnos …` (issue 24): a unit's capacity calendar from a shell — trucks per hour by weekday or
 * for a date, the booking rules, copying a week, pausing a band or a day — through the same
 * services as the administration's routes, audited as 'cli'.
 */
import { fechaDdMmAaaaHhMm } from '../../shared/formato';
import * as turnos from '../features/turnos/servicio';
import * as unidades from '../features/unidades/servicio';
import { ErrorHttp } from '../errores';
import { CLI } from './actor';
import {
  comandoVerificar,
  entero,
  ErrorUso,
  mostrar,
  OPCION_JSON,
  type Comando,
  type Contexto,
} from './comandos';

const UNIDAD = { nombre: 'unidad', descripcion: 'la unidad de negocio: su código o su nombre' };
const DESPACHO = {
  nombre: 'despacho',
  valor: '<coddespacho>',
  descripcion: 'el calendario propio de ese tipo de despacho (sin esto: el general de la unidad)',
};
const DIAS_SEMANA = ['lun', 'mar', 'mie', 'jue', 'vie', 'sab', 'dom'];
const NOMBRES_DIA = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** '3', 'mie' → 3 (ISO weekday). */
function diaSemana(texto: string): number {
  const t = texto.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').slice(0, 3);
  const i = DIAS_SEMANA.indexOf(t);
  if (i >= 0) return i + 1;
  if (/^[1-7]$/.test(t)) return Number(t);
  throw new ErrorUso(`'${texto}' no es un día de la semana: use 1-7 (lunes 1) o lun…dom.`);
}

/** '1-5', 'lun-vie', 'sab,dom', 'todos' → ISO weekdays; '8-17', '8,12' → hours. */
function lista(texto: string, uno: (t: string) => number, todos: number[]): number[] {
  if (texto.trim().toLowerCase() === 'todos') return todos;
  const salida = new Set<number>();
  for (const parte of texto.split(',')) {
    const [a, b] = parte.split('-');
    const desde = uno(a!);
    const hasta = b === undefined ? desde : uno(b);
    if (hasta < desde) throw new ErrorUso(`'${parte}': el rango va de menor a mayor.`);
    for (let n = desde; n <= hasta; n++) salida.add(n);
  }
  return [...salida].sort((x, y) => x - y);
}

function hora(texto: string): number {
  const h = entero(texto, '<horas>');
  if (h > 23) throw new ErrorUso(`La hora ${h} no existe: las franjas van de 0 a 23.`);
  return h;
}

const horas = (texto: string) =>
  lista(
    texto,
    hora,
    Array.from({ length: 24 }, (_, i) => i),
  );

/** The unit's code (by code or by name) and the dispatch type of --despacho, if any. */
async function calendarioDe(c: Contexto) {
  const u = await unidades.buscarUnidadEn(c.db, c.args.unidad!);
  if (!u) throw new ErrorHttp(404, `No existe la unidad de negocio ${c.args.unidad}.`);
  const d = c.opciones.despacho;
  return {
    unineg: u.ctrl,
    nombre: u.unineg,
    coddespacho: d === undefined ? null : entero(String(d), '--despacho', 1),
  };
}

export const COMANDOS_TURNOS: Comando[] = [
  {
    nombre: 'turnos capacidad',
    resumen:
      'fija camiones por hora: para días de la semana (plantilla: 1-5, lun-vie, sab,dom, todos) o para una fecha AAAA-MM-DD (excepción; 0 cierra la franja)',
    argumentos: [
      UNIDAD,
      { nombre: 'dias', descripcion: "días de la semana ('lun-vie', '1-5', 'todos') o una fecha" },
      { nombre: 'horas', descripcion: "franjas por su hora de inicio: '8-17', '6,7,8', 'todos'" },
      { nombre: 'capacidad', descripcion: 'camiones por hora (0: cerrada)' },
    ],
    opciones: [DESPACHO],
    async ejecutar(c) {
      const cal = await calendarioDe(c);
      const dias = c.args.dias!.trim();
      const capacidad = entero(c.args.capacidad, '<capacidad>');
      const donde = FECHA.test(dias)
        ? { fecha: dias }
        : { dias: lista(dias, diaSemana, [1, 2, 3, 4, 5, 6, 7]) };
      const lasHoras = horas(c.args.horas!);
      const r = await turnos.fijarCapacidad(c.db, CLI, {
        unineg: cal.unineg,
        coddespacho: cal.coddespacho,
        donde,
        horas: lasHoras,
        capacidad,
      });
      const cuando =
        'fecha' in donde
          ? `el ${donde.fecha}`
          : donde.dias.map((d) => NOMBRES_DIA[d - 1]!.toLowerCase()).join(', ');
      c.escribir(
        `${cal.nombre}: ${capacidad} camión(es) por hora ${cuando}, franjas ${lasHoras.join(', ')} (${r.franjas} franja(s) ${'fecha' in donde ? 'propias de la fecha' : 'en la plantilla'}).`,
      );
    },
  },
  {
    nombre: 'turnos calendario',
    resumen: 'la plantilla semanal de una unidad: camiones por hora de cada día, y sus reglas',
    argumentos: [UNIDAD],
    opciones: [DESPACHO, OPCION_JSON],
    async ejecutar(c) {
      const cal = await calendarioDe(c);
      const r = await turnos.verCalendario(c.db, {
        unineg: cal.unineg,
        coddespacho: cal.coddespacho,
        desde: '2000-01-01',
        hasta: '2000-01-01',
      });
      if (c.opciones.json) {
        c.escribir(JSON.stringify({ parametros: r.parametros, plantilla: r.plantilla }));
        return;
      }
      mostrar(
        c,
        NOMBRES_DIA.map((dia, i) => {
          const del = r.plantilla.filter((f) => f.diaSemana === i + 1 && f.capacidad > 0);
          return {
            dia,
            franjas: del.map((f) => `${f.hora}h:${f.capacidad}`).join(' ') || 'cerrado',
          };
        }),
        '',
      );
      const p = r.parametros;
      c.escribir(
        `Reservas desde ${p.diasAnticipacion} día(s) antes hasta las ${p.cierreHora}:00 de ${p.cierreDiasAntes} día(s) antes; cambios hasta ${p.cambioMinutosAntes} min antes; tolerancia ${p.toleranciaMinutos} min; cuota por empresa ${p.cuotaEmpresaPct === null ? 'sin límite' : `${p.cuotaEmpresaPct} %`}.`,
      );
    },
  },
  {
    nombre: 'turnos copiar-semana',
    resumen: 'copia los 7 días desde una fecha, tal como están, sobre las semanas siguientes',
    argumentos: [
      UNIDAD,
      { nombre: 'desde', descripcion: 'el primer día de la semana a copiar, AAAA-MM-DD' },
      { nombre: 'semanas', descripcion: 'sobre cuántas semanas siguientes (1 a 12)' },
    ],
    opciones: [DESPACHO],
    async ejecutar(c) {
      const cal = await calendarioDe(c);
      const r = await turnos.copiarSemana(c.db, CLI, {
        unineg: cal.unineg,
        coddespacho: cal.coddespacho,
        desde: c.args.desde!,
        semanas: entero(c.args.semanas, '<semanas>', 1),
      });
      c.escribir(`${cal.nombre}: semana del ${c.args.desde} copiada sobre ${r.dias} día(s).`);
    },
  },
  {
    nombre: 'turnos pausar',
    resumen:
      "pausa una franja (su hora) o un día entero ('dia') con un motivo: no toma reservas; lista los turnos afectados",
    argumentos: [
      UNIDAD,
      { nombre: 'fecha', descripcion: 'AAAA-MM-DD' },
      { nombre: 'hora', descripcion: "la hora de inicio de la franja, o 'dia' para el día entero" },
      { nombre: 'motivo', descripcion: 'por qué (puede tener espacios)', resto: true },
    ],
    opciones: [DESPACHO, OPCION_JSON],
    async ejecutar(c) {
      const cal = await calendarioDe(c);
      const h = c.args.hora!.trim().toLowerCase();
      const r = await turnos.pausar(c.db, CLI, {
        unineg: cal.unineg,
        coddespacho: cal.coddespacho,
        fecha: c.args.fecha!,
        hora: h === 'dia' || h === 'día' ? null : hora(h),
        motivo: c.args.motivo!,
      });
      if (c.opciones.json) {
        c.escribir(JSON.stringify(r));
        return;
      }
      const que = r.pausa.hora === null ? 'el día entero' : `la franja de las ${r.pausa.hora}`;
      c.escribir(
        `Pausa N° ${r.pausa.id}: ${cal.nombre}, ${r.pausa.fecha}, ${que} («${r.pausa.motivo}»). ${r.afectados.length} turno(s) afectado(s)${r.afectados.length ? ':' : '.'}`,
      );
      mostrar(
        c,
        r.afectados.map((t) => ({
          codigo: t.codigo,
          empresa: t.nomempre,
          cupo: t.cupo,
          franja: `${t.hora}h`,
          reservado: fechaDdMmAaaaHhMm(t.creadoEn),
        })),
        '',
      );
    },
  },
  comandoVerificar({
    nombre: 'turnos verificar',
    resumen:
      'compara lo que cada franja guarda (reservados, presentes, ausentes) con sus turnos contados de nuevo (sale con 1 si alguna difiere)',
    diferencias: turnos.verificarFranjas,
    coinciden: 'Las cuentas de las franjas coinciden con sus turnos.',
    noCoinciden: (n) =>
      `${n} franja(s) no coinciden con sus turnos (reservados/presentes/ausentes). Corrija con 'turnos recalcular'.`,
    fila: (d) => ({
      calendario: d.calendarioId,
      fecha: d.fecha,
      hora: d.hora,
      guardado: `${d.guardado.reservados}/${d.guardado.presentes}/${d.guardado.ausentes}`,
      contado: `${d.calculado.reservados}/${d.calculado.presentes}/${d.calculado.ausentes}`,
    }),
  }),
  {
    nombre: 'turnos recalcular',
    resumen:
      'rehace las cuentas de las franjas que difieren de sus turnos (una transacción, auditada)',
    async ejecutar(c) {
      const corregidas = await turnos.recalcularFranjas(c.db, CLI);
      c.escribir(
        `Cuentas de las franjas recalculadas: ${corregidas.length} franja(s) corregida(s).`,
      );
    },
  },
  {
    nombre: 'turnos reanudar',
    resumen: 'levanta una pausa (su número, de turnos pausar): la franja vuelve a tomar reservas',
    argumentos: [{ nombre: 'pausa', descripcion: 'el número de la pausa' }],
    async ejecutar(c) {
      const pausa = entero(c.args.pausa, '<pausa>', 1);
      await turnos.reanudar(c.db, CLI, { pausa });
      c.escribir(`Pausa N° ${pausa} levantada.`);
    },
  },
];
