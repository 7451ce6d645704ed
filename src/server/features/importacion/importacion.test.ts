/**
 * The import (issue 21) through the real route, on the demo database (units 1 Granos and 2
 * Subproductos, companies 1-5, products 1-6 and 10-12), with real xlsx and CSV files made here.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITE_ARCHIVO_BYTES } from '../../../shared/contracts/importacion';
import {
  MENSAJES_API,
  MENSAJES_IMPORTACION as M,
  MENSAJES_PRODUCTOS,
} from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ejecutarCli, LIMITE_CON_CLI } from '../../test/cli';
import { ingresar } from '../../test/sesion';
import { verificar as diferenciasDeSaldos } from '../stock/servicio';
import { csv, importarArchivo, libroXlsx, zipAMano, type Celda } from './datos-prueba';

const t = usarAppDePrueba();
let admin: string;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
});

const ENCABEZADOS = {
  Empresas: ['Código', 'Nombre', 'Unidades de negocio'],
  Usuarios: ['Usuario', 'Empresa', 'Unidades de negocio'],
  Productos: ['Código', 'Nombre', 'Activo'],
  'Productos por cliente': ['Empresa', 'Unidad de negocio', 'Producto'],
  Envases: ['Empresa', 'Nombre', 'Peso (kg)'],
  'Saldos iniciales': ['Empresa', 'Unidad de negocio', 'Producto', 'Toneladas'],
} as const;

type Hojas = Partial<Record<keyof typeof ENCABEZADOS, Celda[][]>>;

/** An xlsx with each given sheet's header and rows. */
const libro = (hojas: Hojas) =>
  libroXlsx(
    Object.fromEntries(
      Object.entries(hojas).map(([hoja, filas]) => [
        hoja,
        [[...ENCABEZADOS[hoja as keyof typeof ENCABEZADOS]], ...filas],
      ]),
    ),
  );

async function contar(tabla: string): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(tabla)}`,
  );
  return rows[0]!.n;
}

const TABLAS = [
  'empresas',
  'empresa_unidades',
  'usuarios',
  'usuario_unidades',
  'productos',
  'productos_clientes',
  'envases',
  'stock_movimientos',
  'stock_saldos',
  'auditoria',
];
const foto = async (): Promise<Record<string, number>> =>
  Object.fromEntries(
    await Promise.all(TABLAS.map(async (x): Promise<[string, number]> => [x, await contar(x)])),
  );

/** A new company code for each test (the demo's are 0-5). */
let siguiente = 200;
const codigoNuevo = () => siguiente++;

function hojasCompletas(c: number, codpro: number): Hojas {
  return {
    Empresas: [[c, `Cerealera ${c} S.A.`, 'Granos, Subproductos']],
    Usuarios: [[`usuario.${c}`, c, 'granos']],
    Productos: [[codpro, `Producto ${codpro}`, 'Sí']],
    'Productos por cliente': [[c, 'Granos', codpro]],
    Envases: [[c, 'Bolsa 50 kg', 50]],
    'Saldos iniciales': [[c, 'Granos', codpro, 1250.5]],
  };
}

describe('revisar', () => {
  it('clasifica cada fila (se crea, cambia, sin cambios, rechazada) y no guarda nada', async () => {
    const c = codigoNuevo();
    const antes = await foto();
    const r = await importarArchivo(
      t.app,
      admin,
      await libro({
        Empresas: [
          [c, 'Nueva S.A.', 'Granos'],
          [1, 'Agroexportadora del Litoral S.A.', 'Granos, Subproductos'],
          [2, 'Otro nombre S.A.', 'Granos'],
          ['abc', 'Mala S.A.', 'Granos'],
          [c + 1000, 'Sin unidad S.A.', 'Oleaginosas'],
        ],
        Usuarios: [
          [`u${c}`, c, 'Granos'],
          ['huerfano', 999_999, 'Granos'],
        ],
      }),
    );
    expect(r.status).toBe(200);
    expect(r.resultado!.aplicada).toBe(false);
    expect(r.resultado!.conteos).toEqual([
      {
        clase: 'empresas',
        hoja: 'Empresas',
        creadas: 1,
        cambiadas: 1,
        sinCambios: 1,
        rechazadas: 2,
      },
      {
        clase: 'usuarios',
        hoja: 'Usuarios',
        creadas: 1,
        cambiadas: 0,
        sinCambios: 0,
        rechazadas: 1,
      },
    ]);
    expect(r.resultado!.filas).toEqual([
      {
        clase: 'empresas',
        hoja: 'Empresas',
        fila: 5,
        estado: 'rechazada',
        clave: "código 'abc'",
        detalle: M.enteroInvalido('Código', 'abc'),
      },
      {
        clase: 'empresas',
        hoja: 'Empresas',
        fila: 6,
        estado: 'rechazada',
        clave: "código '" + (c + 1000) + "'",
        detalle: M.unidadInexistente('Oleaginosas'),
      },
      {
        clase: 'usuarios',
        hoja: 'Usuarios',
        fila: 3,
        estado: 'rechazada',
        clave: 'usuario huerfano',
        detalle: M.empresaInexistente(999_999),
      },
      {
        clase: 'empresas',
        hoja: 'Empresas',
        fila: 4,
        estado: 'cambiada',
        clave: 'empresa 2',
        detalle: expect.stringContaining("→ 'Otro nombre S.A.'") as string,
      },
    ]);
    // The user of the company created in the same file was fine: the review sees its own rows.
    expect(await foto()).toEqual(antes);
  });

  it('todas las clases de un archivo completo, en orden de dependencia', async () => {
    const c = codigoNuevo();
    const r = await importarArchivo(t.app, admin, await libro(hojasCompletas(c, 9000 + c)));
    expect(r.resultado!.conteos.map((x) => [x.clase, x.creadas, x.rechazadas])).toEqual([
      ['empresas', 1, 0],
      ['usuarios', 1, 0],
      ['productos', 1, 0],
      ['productosClientes', 1, 0],
      ['envases', 1, 0],
      ['saldos', 1, 0],
    ]);
  });
});

describe('aplicar', () => {
  it('una fila mala en cualquier hoja: nada se escribe y la respuesta la nombra', async () => {
    const c = codigoNuevo();
    const hojas = hojasCompletas(c, 9000 + c);
    hojas['Saldos iniciales']!.push([c, 'Granos', 9000 + c, '12,34567']);
    const antes = await foto();
    const r = await importarArchivo(t.app, admin, await libro(hojas), { aplicar: true });
    expect(r.resultado!.aplicada).toBe(false);
    expect(r.resultado!.filas).toEqual([
      expect.objectContaining({
        hoja: 'Saldos iniciales',
        fila: 3,
        estado: 'rechazada',
        detalle: M.cantidadInvalida('Toneladas', '12,34567'),
      }),
    ]);
    expect(await foto()).toEqual(antes);
  });

  it('guarda todo en una transacción con una fila de auditoría; el mismo archivo otra vez: todo sin cambios', async () => {
    const c = codigoNuevo();
    const codpro = 9000 + c;
    const archivo = await libro(hojasCompletas(c, codpro));
    const r = await importarArchivo(t.app, admin, archivo, {
      archivo: 'terminal.xlsx',
      aplicar: true,
    });
    expect(r.resultado!.aplicada).toBe(true);
    expect(r.resultado!.conteos.every((x) => x.creadas === 1 && x.rechazadas === 0)).toBe(true);

    const { rows } = await t.db.execute<Record<string, unknown>>(sql`
      select e.nomempre,
             array(select unineg from empresa_unidades where codempre = e.codempre order by 1) as unidades,
             (select array_agg(uu.unineg) from usuarios u join usuario_unidades uu on uu.usuario_id = u.id
              where u.usuario = ${`usuario.${c}`}) as "unidadesUsuario",
             (select count(*)::int from tarjetas tj join usuarios u on u.id = tj.usuario_id
              where u.usuario = ${`usuario.${c}`}) as tarjetas,
             (select nompro from productos where codpro = ${codpro}) as producto,
             (select count(*)::int from productos_clientes where codempre = e.codempre) as "productosCliente",
             (select peso from envases where codempre = e.codempre) as peso,
             (select toneladas from stock_saldos where codempre = e.codempre) as saldo,
             (select array_agg(tipo || ' ' || toneladas::float8) from stock_movimientos where codempre = e.codempre) as movimientos
      from empresas e where e.codempre = ${c}`);
    expect(rows[0]).toEqual({
      nomempre: `Cerealera ${c} S.A.`,
      unidades: [1, 2],
      unidadesUsuario: [1],
      tarjetas: 0,
      producto: `Producto ${codpro}`,
      productosCliente: 1,
      peso: 50,
      saldo: 1250.5,
      movimientos: ['apertura 1250.5'],
    });
    const auditoria = await t.db.execute<{ actor: string; despues: Record<string, unknown> }>(sql`
      select actor, despues from auditoria where accion = 'importar' order by id desc limit 1`);
    expect(auditoria.rows[0]).toEqual({
      actor: 'admin',
      despues: {
        archivo: 'terminal.xlsx',
        conteos: expect.objectContaining({
          empresas: { creadas: 1, cambiadas: 0, sinCambios: 0, rechazadas: 0 },
          saldos: { creadas: 1, cambiadas: 0, sinCambios: 0, rechazadas: 0 },
        }) as unknown,
      },
    });

    const antes = await foto();
    const otra = await importarArchivo(t.app, admin, archivo, { aplicar: true });
    expect(otra.resultado!.aplicada).toBe(true);
    expect(
      otra.resultado!.conteos.every(
        (x) => x.sinCambios === 1 && x.creadas + x.cambiadas + x.rechazadas === 0,
      ),
    ).toBe(true);
    // Only the audit's row of the second import: no second opening movement.
    expect(await foto()).toEqual({ ...antes, auditoria: antes.auditoria! + 1 });
  });

  it('otro saldo inicial: un movimiento de apertura por la diferencia; saldos y cierres cuadran', async () => {
    const c = codigoNuevo();
    await importarArchivo(t.app, admin, await libro({ Empresas: [[c, 'Saldos S.A.', 'Granos']] }), {
      aplicar: true,
    });
    const saldo = (toneladas: string) =>
      csv([
        ['Empresa', 'Unidad de negocio', 'Producto', 'Toneladas'],
        [String(c), 'Granos', '1', toneladas],
      ]);
    const primera = await importarArchivo(t.app, admin, saldo('1000'), {
      archivo: 'saldos.csv',
      aplicar: true,
    });
    expect(primera.resultado!.conteos[0]!.creadas).toBe(1);
    const segunda = await importarArchivo(t.app, admin, saldo('1200,25'), {
      archivo: 'saldos.csv',
      aplicar: true,
    });
    expect(segunda.resultado!.filas).toEqual([
      expect.objectContaining({ estado: 'cambiada', detalle: M.cambioSaldo(1000, 1200.25) }),
    ]);
    const { rows } = await t.db.execute<{ toneladas: number }>(sql`
      select toneladas from stock_movimientos where codempre = ${c} order by id`);
    expect(rows.map((r) => r.toneladas)).toEqual([1000, 200.25]);
    expect(await diferenciasDeSaldos(t.db)).toEqual([]);
  });

  it('un producto con Activo = No se importa desactivado; el mismo archivo otra vez no cambia nada', async () => {
    const codpro = 9000 + codigoNuevo();
    const activo = async () =>
      (
        await t.db.execute<{ activo: boolean }>(
          sql`select activo from productos where codpro = ${codpro}`,
        )
      ).rows[0]?.activo;
    const archivo = await libro({ Productos: [[codpro, `Discontinuado ${codpro}`, 'No']] });

    const r = await importarArchivo(t.app, admin, archivo, { aplicar: true });
    expect(r.resultado!.aplicada).toBe(true);
    expect(r.resultado!.conteos).toEqual([expect.objectContaining({ creadas: 1, rechazadas: 0 })]);
    expect(await activo()).toBe(false);

    const antes = await foto();
    const otra = await importarArchivo(t.app, admin, archivo, { aplicar: true });
    expect(otra.resultado!.conteos).toEqual([
      expect.objectContaining({ creadas: 0, cambiadas: 0, sinCambios: 1, rechazadas: 0 }),
    ]);
    expect(await foto()).toEqual({ ...antes, auditoria: antes.auditoria! + 1 });

    // Active again, then off again: each a change the list names.
    const reactivado = await importarArchivo(
      t.app,
      admin,
      await libro({ Productos: [[codpro, `Discontinuado ${codpro}`, 'Sí']] }),
      { aplicar: true },
    );
    expect(reactivado.resultado!.filas).toEqual([
      expect.objectContaining({ estado: 'cambiada', detalle: M.cambioActivo(false, true) }),
    ]);
    expect(await activo()).toBe(true);
    await importarArchivo(t.app, admin, archivo, { aplicar: true });
    expect(await activo()).toBe(false);
  });

  it('un producto desactivado no se habilita a un cliente (la misma regla que la pantalla)', async () => {
    const c = codigoNuevo();
    const codpro = 9000 + c;
    await importarArchivo(
      t.app,
      admin,
      await libro({
        Empresas: [[c, `Cliente ${c} S.A.`, 'Granos']],
        Productos: [[codpro, `Sin venta ${codpro}`, 'No']],
      }),
      { aplicar: true },
    );
    const r = await importarArchivo(
      t.app,
      admin,
      await libro({ 'Productos por cliente': [[c, 'Granos', codpro]] }),
    );
    expect(r.resultado!.filas).toEqual([
      expect.objectContaining({
        estado: 'rechazada',
        detalle: MENSAJES_PRODUCTOS.inactivoParaCliente(codpro, `Sin venta ${codpro}`),
      }),
    ]);
  });
});

describe('CSV', () => {
  const EMPRESAS = ['Código', 'Nombre', 'Unidades de negocio'];

  it("con ';' y BOM (Excel en castellano), la clase por el nombre del archivo", async () => {
    const c = codigoNuevo();
    const r = await importarArchivo(
      t.app,
      admin,
      csv([EMPRESAS, [String(c), 'Punto y Coma S.A.', 'Granos; Subproductos']]),
      { archivo: 'Empresas.csv' },
    );
    expect(r.resultado!.conteos).toEqual([
      expect.objectContaining({ clase: 'empresas', hoja: 'Empresas.csv', creadas: 1 }),
    ]);
  });

  it("con ',' y sin BOM; comillas, coma decimal entre comillas y la clase elegida", async () => {
    const c = codigoNuevo();
    await importarArchivo(t.app, admin, await libro({ Empresas: [[c, 'Coma S.A.', 'Granos']] }), {
      aplicar: true,
    });
    const r = await importarArchivo(
      t.app,
      admin,
      csv(
        [
          ['Empresa', 'Unidad de negocio', 'Producto', 'Toneladas'],
          [String(c), 'Granos', '2', '"1250,5"'],
          [String(c), '"Granos"', '3', '"7,125"'],
        ],
        { separador: ',', bom: false },
      ),
      { archivo: 'apertura.csv', clase: 'saldos', aplicar: true },
    );
    expect(r.resultado!.aplicada).toBe(true);
    const { rows } = await t.db.execute<{ codpro: number; toneladas: number }>(sql`
      select codpro, toneladas from stock_saldos where codempre = ${c} order by codpro`);
    expect(rows).toEqual([
      { codpro: 2, toneladas: 1250.5 },
      { codpro: 3, toneladas: 7.125 },
    ]);
  });

  it('en Windows-1252 (no UTF-8): 400 que dice cómo guardarlo', async () => {
    const r = await importarArchivo(
      t.app,
      admin,
      Buffer.from('Código;Nombre;Unidades de negocio\r\n300;Ñandú;Granos\r\n', 'latin1'),
      { archivo: 'empresas.csv' },
    );
    expect(r).toMatchObject({ status: 400, msj: M.csvNoUtf8 });
  });

  it('sin clase ni un nombre que la diga: 400', async () => {
    const r = await importarArchivo(t.app, admin, csv([EMPRESAS, ['300', 'X', 'Granos']]), {
      archivo: 'datos.csv',
    });
    expect(r.status).toBe(400);
    expect(r.msj).toContain('Elija qué contiene el CSV');
  });
});

describe('xlsx de otros programas', () => {
  it('con el libro al final del zip, las hojas en otro orden que sus pestañas, cadenas en línea y prefijos', async () => {
    const c = codigoNuevo();
    const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const hoja = (filas: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="${ns}"><x:sheetData>${filas}</x:sheetData></x:worksheet>`;
    const libro = zipAMano([
      [
        'xl/sharedStrings.xml',
        `<sst xmlns="${ns}"><si><t>Código</t></si><si><r><t>Nom</t></r><r><t>bre</t></r></si><si><t>Unidades de negocio</t></si></sst>`,
      ],
      // The users' sheet is the first part but the second tab: companies are read first.
      [
        'xl/worksheets/sheet2.xml',
        hoja(
          '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Usuario</x:t></x:is></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>Empresa</x:t></x:is></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>Unidades de negocio</x:t></x:is></x:c></x:row>' +
            `<x:row r="3"><x:c r="A3" t="inlineStr"><x:is><x:t>otro.${c}</x:t></x:is></x:c><x:c r="B3"><x:v>${c}</x:v></x:c><x:c r="C3" t="str"><x:v>Granos</x:v></x:c></x:row>`,
        ),
      ],
      [
        'xl/worksheets/sheet1.xml',
        hoja(
          '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="s"><x:v>2</x:v></x:c></x:row>' +
            `<x:row r="2"><x:c r="A2"><x:v>${c}</x:v></x:c><x:c r="B2" t="inlineStr"><x:is><x:t>Libro &amp; Hojas S.A.</x:t></x:is></x:c><x:c r="C2" t="inlineStr"><x:is><x:t>Granos</x:t></x:is></x:c></x:row>`,
        ),
      ],
      [
        'xl/_rels/workbook.xml.rels',
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="r2" Type="${rel}/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="r3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ],
      [
        '_rels/.rels',
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="a" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
      [
        'xl/workbook.xml',
        `<x:workbook xmlns:x="${ns}" xmlns:r="${rel}"><x:sheets><x:sheet name="Empresas" sheetId="1" r:id="r1"/><x:sheet name="Usuarios" sheetId="2" r:id="r2"/></x:sheets></x:workbook>`,
      ],
    ]);
    const r = await importarArchivo(t.app, admin, libro, { aplicar: true });
    expect(r.resultado).toMatchObject({
      aplicada: true,
      conteos: [
        { hoja: 'Empresas', creadas: 1, rechazadas: 0 },
        { hoja: 'Usuarios', creadas: 1, rechazadas: 0 },
      ],
    });
    const { rows } = await t.db.execute<{ nomempre: string }>(
      sql`select nomempre from empresas where codempre = ${c}`,
    );
    expect(rows).toEqual([{ nomempre: 'Libro & Hojas S.A.' }]);
  });
});

describe('archivos que no se pueden leer', () => {
  it('una hoja que no es de ninguna clase, o una columna de menos: 400 antes de mirar filas', async () => {
    const hojaRara = await importarArchivo(
      t.app,
      admin,
      await libroXlsx({ Camiones: [['Patente'], ['AB123CD']] }),
    );
    expect(hojaRara.status).toBe(400);
    expect(hojaRara.msj).toContain("La hoja 'Camiones' no es de ninguna clase");
    const sinColumna = await importarArchivo(
      t.app,
      admin,
      await libroXlsx({
        Empresas: [
          ['Código', 'Nombre'],
          [300, 'X'],
        ],
      }),
    );
    expect(sinColumna).toMatchObject({
      status: 400,
      msj: M.columnaFaltante('Empresas', 'Unidades de negocio'),
    });
  });

  it('un .xls antiguo, un zip roto, un archivo vacío o sin filas: 400 en castellano', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(100)]);
    expect(await importarArchivo(t.app, admin, xls)).toMatchObject({
      status: 400,
      msj: M.xlsAntiguo,
    });
    const roto = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(300, 7)]);
    expect(await importarArchivo(t.app, admin, roto)).toMatchObject({
      status: 400,
      msj: M.xlsxIlegible,
    });
    expect(await importarArchivo(t.app, admin, Buffer.alloc(0))).toMatchObject({
      status: 400,
      msj: M.archivoVacio,
    });
    expect(
      await importarArchivo(t.app, admin, csv([['Código', 'Nombre', 'Unidades de negocio']]), {
        archivo: 'empresas.csv',
      }),
    ).toMatchObject({ status: 400, msj: M.sinFilas });
  });

  it('como JSON: 415; de un cliente: 403 y nada se escribe', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/administracion/importacion/revisar?archivo=x.csv',
      payload: '{}',
      headers: { 'content-type': 'application/json', cookie: admin },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ msj: MENSAJES_API.tipoContenidoArchivo });

    const c = codigoNuevo();
    const cliente = await ingresar(t.app, 'cliente1');
    const r = await importarArchivo(
      t.app,
      cliente,
      csv([
        ['Código', 'Nombre', 'Unidades de negocio'],
        [String(c), 'Intrusa S.A.', ''],
      ]),
      { archivo: 'empresas.csv', aplicar: true },
    );
    expect(r.status).toBe(403);
    const { rows } = await t.db.execute(sql`select 1 from empresas where codempre = ${c}`);
    expect(rows).toEqual([]);
  });

  it('más grande que el límite: 413 por su Content-Length, sin esperar el archivo', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await new Promise<{ status: number; cuerpo: string }>((resolve, reject) => {
      const pedido = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/administracion/importacion/revisar?archivo=grande.xlsx',
          headers: {
            cookie: admin,
            'content-type': 'application/octet-stream',
            'content-length': String(LIMITE_ARCHIVO_BYTES + 1),
          },
          agent: false,
        },
        (r) => {
          let cuerpo = '';
          r.on('data', (d: Buffer) => (cuerpo += d.toString()));
          r.on('end', () => resolve({ status: r.statusCode!, cuerpo }));
        },
      );
      pedido.on('error', reject);
      // Only the first bytes: the answer must not wait for the other 50 MB.
      pedido.write(Buffer.from('PK\x03\x04'));
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.cuerpo)).toEqual({ msj: M.archivoGrande(50) });
  });
});

describe('progreso y plantillas', () => {
  it('un archivo grande informa las filas leídas y revisadas antes del resultado', async () => {
    const filas = Array.from({ length: 4500 }, (_, i) => [
      String(50_000 + i),
      `Masiva ${i}`,
      'Granos',
    ]);
    const r = await importarArchivo(
      t.app,
      admin,
      csv([['Código', 'Nombre', 'Unidades de negocio'], ...filas]),
      { archivo: 'empresas.csv' },
    );
    const progreso = r.lineas.slice(0, -1);
    expect(progreso.filter((l) => 'leidas' in l).map((l) => 'leidas' in l && l.leidas)).toEqual([
      2000, 4000, 4500,
    ]);
    expect(progreso.filter((l) => 'procesadas' in l)).toEqual([
      { procesadas: 2000, total: 4500 },
      { procesadas: 4000, total: 4500 },
      { procesadas: 4500, total: 4500 },
    ]);
    expect(r.resultado!.conteos[0]!.creadas).toBe(4500);
  });

  it('la plantilla xlsx se lee sin cambios: su fila de ejemplo de cada hoja se crea', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/administracion/importacion/plantilla',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const r = await importarArchivo(t.app, admin, res.rawPayload, { archivo: 'plantilla.xlsx' });
    expect(r.resultado!.conteos.map((x) => [x.hoja, x.creadas, x.rechazadas])).toEqual([
      ['Empresas', 1, 0],
      ['Usuarios', 1, 0],
      ['Productos', 1, 0],
      ['Productos por cliente', 1, 0],
      ['Envases', 1, 0],
      ['Saldos iniciales', 1, 0],
    ]);
  });

  it('cada plantilla CSV se lee como su clase', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/administracion/importacion/plantilla/empresas',
      headers: { cookie: admin },
    });
    expect(res.headers['content-disposition']).toContain('empresas.csv');
    expect(res.body).toBe(
      '\uFEFFCódigo;Nombre;Unidades de negocio\r\n101;Cerealera del Sur S.A.;Granos\r\n',
    );
    const r = await importarArchivo(t.app, admin, res.rawPayload, { archivo: 'empresas.csv' });
    expect(r.resultado!.conteos[0]).toMatchObject({ creadas: 1, rechazadas: 0 });
  });
});

describe('CLI', { timeout: LIMITE_CON_CLI }, () => {
  it('importar revisa por defecto; --aplicar importa; una fila rechazada sale con 2 y una línea', async () => {
    const fs = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'importar-cli-'));
    const c = codigoNuevo();
    const bueno = path.join(carpeta, 'empresas.csv');
    await fs.writeFile(
      bueno,
      csv([
        ['Código', 'Nombre', 'Unidades de negocio'],
        [String(c), 'CLI S.A.', 'Granos'],
      ]),
    );
    const revision = await ejecutarCli(t.url, ['importar', bueno]);
    expect(revision.codigo, revision.salida).toBe(0);
    expect(revision.stdout).toContain(
      "Revisión de 'empresas.csv': 1 se crean, 0 cambian, 0 sin cambios, 0 rechazadas.",
    );
    expect(await contar('empresas')).toBe((await foto()).empresas);

    const aplicada = await ejecutarCli(t.url, ['importar', bueno, '--aplicar', '--json']);
    expect(aplicada.codigo, aplicada.salida).toBe(0);
    expect(JSON.parse(aplicada.stdout)).toMatchObject({ aplicada: true });

    const plantilla = path.join(carpeta, 'plantilla.xlsx');
    const escrita = await ejecutarCli(t.url, ['importar', 'plantilla', plantilla]);
    expect(escrita.codigo, escrita.salida).toBe(0);
    const r = await importarArchivo(t.app, admin, await fs.readFile(plantilla));
    expect(r.resultado!.conteos).toHaveLength(6);

    const malo = path.join(carpeta, 'usuarios.csv');
    await fs.writeFile(
      malo,
      csv([
        ['Usuario', 'Empresa', 'Unidades de negocio'],
        ['X', String(c), 'Granos'],
      ]),
    );
    const rechazada = await ejecutarCli(t.url, ['importar', malo, '--aplicar']);
    expect(rechazada.codigo).toBe(2);
    expect(rechazada.stderr.trim()).toBe(
      M.nadaImportado(1, M.enFila('usuarios.csv', 2, `usuario 'X': ${M.nombreUsuarioInvalido}`)),
    );
    await fs.rm(carpeta, { recursive: true });
  });
});
