import * as stock from '../features/stock/servicio';
import { CLI } from './actor';
import { comandoVerificar, entero, ErrorUso, type Comando } from './comandos';

/** '12,5' or '-0.125' tonnes as whole kilograms; more than 3 decimals would be below a kilo. */
function kilosDeToneladas(texto: string): number {
  const m = /^(-?)(\d{1,11})(?:[.,](\d{1,3}))?$/.exec(texto.trim());
  if (!m) throw new ErrorUso(`'${texto}' no es una cantidad de toneladas (hasta 3 decimales).`);
  const kilos = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -kilos : kilos;
}

export const COMANDOS_STOCK: Comando[] = [
  comandoVerificar({
    nombre: 'stock verificar',
    resumen:
      'compara cada saldo con la suma de sus movimientos, y cada cierre diario con lo fechado hasta ese día (sale con 1 si alguno difiere)',
    diferencias: stock.verificar,
    coinciden: 'Los saldos y los cierres diarios coinciden con los movimientos.',
    noCoinciden: (n) =>
      `${n} saldo(s) o cierre(s) no coinciden con sus movimientos. Corrija con 'stock recalcular'.`,
  }),
  {
    nombre: 'stock recalcular',
    resumen: 'rehace los saldos y los cierres diarios desde los movimientos (la fuente de verdad)',
    async ejecutar(c) {
      const saldos = await stock.recalcular(c.db, CLI);
      c.escribir(`Saldos recalculados desde los movimientos: ${saldos}.`);
    },
  },
  {
    nombre: 'stock ajustar',
    resumen: 'agrega un ajuste (o el saldo inicial) al libro de stock de un cliente',
    argumentos: [
      { nombre: 'codempre', descripcion: 'la empresa cliente' },
      { nombre: 'unineg', descripcion: 'la unidad de negocio' },
      { nombre: 'codpro', descripcion: 'el producto' },
      { nombre: 'toneladas', descripcion: 'con signo y hasta 3 decimales: 12,5 o -0,125' },
    ],
    opciones: [
      { nombre: 'apertura', descripcion: 'es el saldo inicial, no un ajuste' },
      { nombre: 'obs', valor: '<texto>', descripcion: 'una observación (hasta 250 caracteres)' },
    ],
    async ejecutar(c) {
      const [codempre, unineg, codpro] = (['codempre', 'unineg', 'codpro'] as const).map((a) =>
        entero(c.args[a], `<${a}>`),
      ) as [number, number, number];
      const texto = c.args.toneladas!;
      const tipo = c.opciones.apertura ? 'apertura' : 'ajuste';
      await stock.ajustar(c.db, CLI, {
        codempre,
        unineg,
        codpro,
        kilos: kilosDeToneladas(texto),
        tipo,
        observacion: (c.opciones.obs as string | undefined) ?? null,
      });
      c.escribir(
        `${tipo === 'apertura' ? 'Saldo inicial' : 'Ajuste'} de ${texto} t registrado (empresa ${codempre}, unidad ${unineg}, producto ${codpro}).`,
      );
    },
  },
];
