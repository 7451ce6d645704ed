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
  return (): string => {
    const p = Object.fromEntries(formato.formatToParts(instante()).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  };
}
