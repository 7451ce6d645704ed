/**
 * The terminal's own data (issue 21) on the demo: every signed-in user reads them (the ticket
 * prints them), an administrator changes them, audited, and the coordinate card prints the name.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatosTerminal } from '../../../shared/contracts/terminal';
import { MENSAJES_CUIT, MENSAJES_TERMINAL } from '../../../shared/textos';
import { EMPRESAS } from '../../demo/datos';
import { usarAppDePrueba } from '../../test/app';
import { textoDelPdf } from '../../test/pdf';
import { get, ingresar, post } from '../../test/sesion';
import { emitirTarjeta } from '../auth/servicio';
import { SECRETO_PRUEBAS } from '../../test/constantes';

const t = usarAppDePrueba();
let admin: string;
let cliente: string;

const DEMO = EMPRESAS[0]!;
const leer = async () => (await get(t.app, '/api/terminal', cliente)).json<DatosTerminal>();

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente = await ingresar(t.app, 'cliente2');
});

describe('los datos de la terminal', () => {
  it('la demostración los trae: los lee cualquier usuario con sesión', async () => {
    expect(await leer()).toEqual({
      nombre: DEMO.nomempre,
      cuit: DEMO.cuit,
      direccion: DEMO.direccion,
    });
    expect((await get(t.app, '/api/terminal')).statusCode).toBe(401);
  });

  it('un dato inválido se rechaza con su campo y nada cambia', async () => {
    const antes = await leer();
    const casos: [unknown, string][] = [
      [{ cuit: '30-71234567-8' }, `cuit: ${MENSAJES_CUIT.digito}`],
      [{ cuit: '3071234567' }, `cuit: ${MENSAJES_CUIT.formato}`],
      [{ nombre: '   ' }, 'nombre:'],
      [{ direccion: 'x'.repeat(201) }, 'direccion:'],
      [{}, MENSAJES_TERMINAL.sinCambios],
    ];
    for (const [cuerpo, msj] of casos) {
      const res = await post(t.app, '/api/administracion/terminal', cuerpo, admin);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(res.json<{ msj: string }>().msj).toContain(msj);
    }
    expect(await leer()).toEqual(antes);
  });

  it('el administrador cambia lo que envía; queda auditado y la tarjeta impresa lleva el nombre nuevo', async () => {
    const antes = await leer();
    const res = await post(
      t.app,
      '/api/administracion/terminal',
      { nombre: '  Terminal Norte S.A. ', cuit: '30.71234567.1' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const despues = { ...antes, nombre: 'Terminal Norte S.A.', cuit: '30-71234567-1' };
    expect(res.json()).toEqual(despues);
    expect(await leer()).toEqual(despues);

    const { rows } = await t.db.execute<{ actor: string; antes: unknown; despues: unknown }>(sql`
      select actor, antes, despues from auditoria
      where tabla = 'empresas' and accion = 'modificar' and fila_id = '0'`);
    expect(rows).toEqual([{ actor: 'admin', antes, despues }]);

    // The administration's company list and the card both take the name from company 0.
    const empresas = await get(t.app, '/api/administracion/empresas', admin);
    expect(empresas.json<{ nomempre: string }[]>()[0]!.nomempre).toBe('Terminal Norte S.A.');
    const tarjeta = await emitirTarjeta(t.db, SECRETO_PRUEBAS, 'terminal', 'cliente1', {
      actor: 'prueba',
    });
    const pdf = await post(
      t.app,
      '/api/administracion/tarjetas/pdf',
      { usuario: 'cliente1', ctrltarjeta: tarjeta.ctrltarjeta, celdas: tarjeta.celdas },
      admin,
    );
    expect(pdf.statusCode).toBe(200);
    expect(await textoDelPdf(pdf.rawPayload)).toContain('Terminal Norte S.A.');
  });

  it('la tarjeta de un cliente no se imprime por la ruta de la inicialización', async () => {
    const tarjeta = await emitirTarjeta(t.db, SECRETO_PRUEBAS, 'terminal', 'cliente2', {
      actor: 'prueba',
    });
    const res = await post(t.app, '/api/inicializacion/tarjeta/pdf', {
      usuario: 'cliente2',
      ctrltarjeta: tarjeta.ctrltarjeta,
      celdas: tarjeta.celdas,
    });
    expect(res.statusCode).toBe(409);
  });
});
