/**
 * `npm run bench -- importacion`: the import's goal (issue 21). One xlsx of 10,000 client
 * companies (each in both units), 200 products, 40,000 products-per-client rows and 20,000
 * opening balances (BENCH_ESCALA=chica: a tenth of the companies and rows), sent over real HTTP
 * as the screen sends it, to the portal process:
 *
 * 1. review (nothing written);
 * 2. apply the same file with one bad row at its end: nothing written (table counts compared);
 * 3. apply the good file;
 * 4. review and apply it again: every row unchanged, no new movement.
 *
 * Each step's wall time, and the portal's resident memory (VmRSS sampled every 50 ms: its peak
 * during the step against its value before): the file is streamed, not loaded whole.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import escribirXlsx from 'write-excel-file/node';
import type { LineaImportacion, ResultadoImportacion } from '../src/shared/contracts/importacion';
import { segunEscala } from './modo';
import type { ContextoBench, MedicionExtra } from './tipos';

const PRIMERA_EMPRESA = 500_001;
const PRIMER_PRODUCTO = 70_001;

type Celda = string | number;

function tamanos() {
  return {
    empresas: segunEscala({ cosecha: 10_000, chica: 1_000, humo: 50 }),
    productos: segunEscala({ cosecha: 200, chica: 200, humo: 20 }),
  };
}

/** The workbook: 4 products per company in Granos, 2 opening balances each. */
async function libro(conFilaMala: boolean): Promise<Buffer> {
  const { empresas, productos } = tamanos();
  const hoja = (nombre: string, encabezado: string[], filas: Celda[][]) => ({
    sheet: nombre,
    data: [encabezado, ...filas].map((f) => f.map((value) => ({ value }))),
  });
  const codigos = Array.from({ length: empresas }, (_, i) => PRIMERA_EMPRESA + i);
  const producto = (i: number) => PRIMER_PRODUCTO + (i % productos);
  const saldos: Celda[][] = codigos.flatMap((c, i) => [
    [c, 'Granos', producto(i), 100 + (i % 900) + 0.5],
    [c, 'Granos', producto(i + 1), 12.125],
  ]);
  if (conFilaMala) saldos.push([PRIMERA_EMPRESA, 'Granos', producto(2), '1,2345']);
  return escribirXlsx([
    hoja(
      'Empresas',
      ['Código', 'Nombre', 'Unidades de negocio'],
      codigos.map((c) => [c, `Cliente importado ${c} S.A.`, 'Granos, Subproductos']),
    ),
    hoja(
      'Productos',
      ['Código', 'Nombre', 'Activo'],
      Array.from({ length: productos }, (_, i) => [producto(i), `Producto importado ${i}`, 'Sí']),
    ),
    hoja(
      'Productos por cliente',
      ['Empresa', 'Unidad de negocio', 'Producto'],
      codigos.flatMap((c, i) => [0, 1, 2, 3].map((k) => [c, 'Granos', producto(i + k)])),
    ),
    hoja('Saldos iniciales', ['Empresa', 'Unidad de negocio', 'Producto', 'Toneladas'], saldos),
  ]).toBuffer();
}

function rssMb(pid: number): number {
  const linea = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(linea?.replace(/\D/g, '') ?? 0) / 1024);
}

interface Paso {
  paso: string;
  segundos: number;
  rssAntesMb: number;
  rssPicoMb: number;
  resultado: ResultadoImportacion;
}

async function enviar(
  ctx: ContextoBench,
  paso: string,
  archivo: Buffer,
  aplicar: boolean,
): Promise<Paso> {
  const rssAntesMb = rssMb(ctx.pidPortal);
  let rssPicoMb = rssAntesMb;
  const muestreo = setInterval(() => {
    rssPicoMb = Math.max(rssPicoMb, rssMb(ctx.pidPortal));
  }, 50);
  const inicio = performance.now();
  try {
    const res = await fetch(
      `${ctx.url}/api/administracion/importacion/${aplicar ? 'aplicar' : 'revisar'}?archivo=bench.xlsx`,
      {
        method: 'POST',
        headers: { cookie: ctx.cookies.admin, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(archivo),
      },
    );
    const texto = await res.text();
    if (res.status !== 200) throw new Error(`${paso}: ${res.status} ${texto}`);
    const ultima = JSON.parse(texto.trim().split('\n').at(-1)!) as LineaImportacion;
    if (!('resultado' in ultima)) throw new Error(`${paso}: ${JSON.stringify(ultima)}`);
    return {
      paso,
      segundos: Number(((performance.now() - inicio) / 1000).toFixed(1)),
      rssAntesMb,
      rssPicoMb: Math.max(rssPicoMb, rssMb(ctx.pidPortal)),
      resultado: ultima.resultado,
    };
  } finally {
    clearInterval(muestreo);
  }
}

/** Rows of the tables an import writes. */
async function filas(ctx: ContextoBench): Promise<Record<string, number>> {
  const { rows } = await ctx.db.execute<Record<string, number>>(sql`
    select (select count(*) from empresas) as empresas,
           (select count(*) from empresa_unidades) as "empresaUnidades",
           (select count(*) from productos) as productos,
           (select count(*) from productos_clientes) as "productosClientes",
           (select count(*) from stock_movimientos) as movimientos,
           (select count(*) from stock_saldos) as saldos`);
  return rows[0]!;
}

const resumen = (r: ResultadoImportacion) =>
  r.conteos
    .map(
      (c) =>
        `${c.hoja}: ${c.creadas} se crean, ${c.cambiadas} cambian, ${c.sinCambios} sin cambios, ${c.rechazadas} rechazadas`,
    )
    .join('; ');

export const MEDICION_IMPORTACION: MedicionExtra = {
  nombre: 'importacion',
  async medir(ctx) {
    const bueno = await libro(false);
    const malo = await libro(true);
    const antes = await filas(ctx);
    const revision = await enviar(ctx, 'revisar', bueno, false);
    const conFilaMala = await enviar(ctx, 'aplicar con una fila mala', malo, true);
    const trasFilaMala = await filas(ctx);
    const aplicada = await enviar(ctx, 'aplicar', bueno, true);
    const trasAplicar = await filas(ctx);
    const revisionOtraVez = await enviar(ctx, 'revisar otra vez', bueno, false);
    const aplicadaOtraVez = await enviar(ctx, 'aplicar otra vez', bueno, true);
    const trasOtraVez = await filas(ctx);
    const pasos = [revision, conFilaMala, aplicada, revisionOtraVez, aplicadaOtraVez];
    const escritasConFilaMala = Object.keys(antes).filter((k) => antes[k] !== trasFilaMala[k]);
    const { empresas, productos } = tamanos();
    return {
      datos: {
        archivoMb: Number((bueno.length / 2 ** 20).toFixed(2)),
        filas: { empresas, productos, productosClientes: empresas * 4, saldos: empresas * 2 },
        pasos: pasos.map(({ resultado, ...p }) => ({ ...p, aplicada: resultado.aplicada })),
        tablasCambiadasConFilaMala: escritasConFilaMala,
        antes,
        trasAplicar,
        trasOtraVez,
      },
      lineas: [
        `Importación (${empresas} empresas, ${productos} productos, ${empresas * 4} productos por cliente, ${empresas * 2} saldos iniciales; xlsx de ${(bueno.length / 2 ** 20).toFixed(1)} MB), por HTTP al proceso del portal:`,
        '',
        '| paso | segundos | RSS antes MB | RSS pico MB | aplicada |',
        '|---|---|---|---|---|',
        ...pasos.map(
          (p) =>
            `| ${p.paso} | ${p.segundos} | ${p.rssAntesMb} | ${p.rssPicoMb} | ${p.resultado.aplicada ? 'sí' : 'no'} |`,
        ),
        '',
        `Con una fila mala al final: ${conFilaMala.resultado.filas[0]?.hoja}, fila ${conFilaMala.resultado.filas[0]?.fila} nombrada; tablas con filas escritas: ${escritasConFilaMala.length === 0 ? 'ninguna' : escritasConFilaMala.join(', ')}.`,
        `Aplicada: ${resumen(aplicada.resultado)}.`,
        `Otra vez: ${resumen(aplicadaOtraVez.resultado)}; movimientos de stock ${trasAplicar.movimientos} → ${trasOtraVez.movimientos}.`,
      ],
    };
  },
};
