/**
 * The terminal's wall clock, 'AAAA-MM-DDTHH:MM:SS' in its time zone (TZ): the turns' rules
 * (booking window, change cutoff) compare it with wall times ('14:00 the day before'). The app
 * takes one (`OpcionesApp.reloj`) so that tests put it where a rule changes, never waiting for
 * real time.
 */
export type RelojTerminal = () => string;

/** The real clock, read in `zona`. */
export function relojDeTerminal(zona: string, instante: () => Date = () => new Date()) {
  const formato = new Intl.DateTimeFormat('en-CA', {
    timeZone: zona,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  // The wall time of the last second read: it changes only with the second (an offset changes
  // at a whole second), and formatToParts cost ~20 µs, read on every availability request.
  let segundo = NaN;
  let pared = '';
  return (): string => {
    const d = instante();
    const s = Math.floor(d.getTime() / 1000);
    if (s !== segundo) {
      const p = Object.fromEntries(formato.formatToParts(d).map((x) => [x.type, x.value]));
      pared = `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
      segundo = s;
    }
    return pared;
  };
}

/**
 * Instants that start at `inicio` now and run forward in real time (RELOJ_TERMINAL_INICIO: a
 * terminal's clock shifted for end-to-end tests and training drills).
 */
export function instantesDesde(inicio: Date, ahora: () => number = Date.now): () => Date {
  const desfase = inicio.getTime() - ahora();
  return () => new Date(ahora() + desfase);
}

/** Wall-time readers by zone: building an Intl.DateTimeFormat costs more than reading one. */
const lectores = new Map<string, (d: Date) => string>();
function paredEn(zona: string, d: Date): string {
  let leer = lectores.get(zona);
  if (!leer) {
    let instante = d;
    const reloj = relojDeTerminal(zona, () => instante);
    leer = (x: Date) => {
      instante = x;
      return reloj();
    };
    lectores.set(zona, leer);
  }
  return leer(d);
}

/**
 * The instant a wall time `pared` ('AAAA-MM-DDTHH:MM:SS') of zone `zona` names: what a receiver
 * outside the terminal reads in UTC (a webhook's `timestamp`). In the hour a daylight-saving
 * change repeats, the first of the two.
 */
export function instanteDeTerminal(pared: string, zona: string): Date {
  const comoUtc = Date.parse(`${pared}Z`);
  // The zone's offset at that moment, then once more at the corrected one (a change between).
  let instante = comoUtc;
  for (let i = 0; i < 2; i++) {
    instante = comoUtc - (Date.parse(`${paredEn(zona, new Date(instante))}Z`) - instante);
  }
  return new Date(instante);
}
