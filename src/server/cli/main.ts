/**
 * `npm run cli -- <comando>` (design section 10). Works with the portal running or stopped: on
 * the embedded database it shares the running portal's PostgreSQL, or starts one for itself.
 */
import { parseArgs } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import {
  prepararEntorno,
  escribirTarjetasDemo,
  ARCHIVO_TARJETAS_DEMO,
  type Entorno,
} from '../arranque';
import { leerConfig, type Config } from '../config';
import { auditar } from '../db/auditoria';
import { baseVacia, cargarDemo } from '../db/demo-data';
import { respaldar, restaurar } from '../db/respaldo';
import { empresas, sesiones, unidadesNegocio, usuarioUnidades, usuarios } from '../db/schema';
import { borrarFallos, emitirTarjeta } from '../features/auth/repository';
import { generarValores, tarjetaEnTexto } from '../features/auth/tarjetas';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import {
  crearToken,
  listarTokens,
  NOMBRE_TOKEN,
  revocarToken,
} from '../features/operaciones/tokens';
import {
  diferenciasDeSaldos,
  recalcularSaldos,
  registrarMovimientos,
} from '../features/stock/repository';
import { simular } from './simulador';

const AYUDA = `Uso: npm run cli -- <comando>

  usuarios crear <usuario> --empresa <codempre> [--unidades 1,2]
  usuarios listar
  usuarios desactivar <usuario>         impide ingresar y cierra sus sesiones
  usuarios activar <usuario>
  tarjeta emitir <usuario> [--json]     emite una tarjeta nueva (revoca la anterior y cierra sus
                                        sesiones) y la muestra una sola vez
  tarjeta desbloquear <usuario>         quita el bloqueo por intentos fallidos
  sesiones cerrar <usuario> | --todas   cierra las sesiones de un usuario o de todos
  empresas listar
  empresas crear <codempre> <nombre>
  unidades listar
  token crear <nombre> [--json]         token de servicio para una máquina (portería, balanza): se
                                        muestra una sola vez
  token listar
  token revocar <nombre>                deja de valer en el acto
  stock verificar                       compara cada saldo con la suma de sus movimientos
  stock recalcular                      rehace los saldos desde los movimientos (la fuente de verdad)
  stock ajustar <codempre> <unineg> <codpro> <toneladas> [--apertura] [--obs <texto>]
                                        agrega un ajuste (o saldo inicial) al libro de stock
  simular [--ritmo N] [--url U] [--token T] [--empresa C] [--unidad U] [--camiones N]
                                        camiones que recorren la playa por la API de operaciones, N
                                        por minuto (6), hasta Ctrl-C
  demo                                  carga los datos de demostración en una base vacía
  respaldo <archivo>                    copia consistente de toda la base, con el portal andando
  restaurar <archivo>                   reemplaza todo el contenido de la base por el del respaldo

Usa DATA_DIR o DATABASE_URL como el portal.`;

class ErrorUso extends Error {}

const CLI = { usuarioId: null, actor: 'cli', ip: null };

function lista(texto: string | undefined): number[] {
  if (!texto) return [];
  const numeros = texto.split(',').map((x) => Number(x.trim()));
  if (numeros.some((n) => !Number.isInteger(n) || n <= 0)) {
    throw new ErrorUso(`--unidades debe ser una lista de números separados por comas: '${texto}'`);
  }
  return numeros;
}

function entero(texto: string): number {
  const n = Number(texto);
  if (!Number.isInteger(n) || n < 0) throw new ErrorUso(`'${texto}' no es un número entero.`);
  return n;
}

/** '12,5' or '-0.125' tonnes as whole kilograms; more than 3 decimals would be below a kilo. */
function kilosDeToneladas(texto: string): number {
  const m = /^([-\u2212]?)(\d{1,11})(?:[.,](\d{1,3}))?$/.exec(texto.trim());
  if (!m) throw new ErrorUso(`'${texto}' no es una cantidad de toneladas (hasta 3 decimales).`);
  const kilos = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -kilos : kilos;
}

/** Runs the simulator until Ctrl-C (or --camiones trucks), with a token it makes if given none. */
async function ejecutarSimulador(
  db: Db,
  config: Config,
  opciones: Record<string, string | boolean | undefined>,
) {
  const numero = (nombre: string, defecto: number) => {
    const v = opciones[nombre];
    if (v === undefined) return defecto;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0)
      throw new ErrorUso(`--${nombre} debe ser un número positivo.`);
    return n;
  };
  const ritmo = numero('ritmo', 6);
  const camiones = opciones.camiones === undefined ? undefined : Math.ceil(numero('camiones', 1));
  const url = ((opciones.url as string | undefined) ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  let token = (opciones.token as string | undefined) ?? process.env.ACOPIO_TOKEN;
  let temporal: string | undefined;
  if (!token) {
    temporal = `simulador-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(2).toString('hex')}`;
    token = (await crearToken(db, temporal, CLI))!;
    console.log(`Token de servicio temporal '${temporal}' (se revoca al terminar).`);
  }
  // The terminal's wall time, whatever the machine running the simulator is set to.
  const hora = new Intl.DateTimeFormat('es-AR', {
    timeZone: config.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const control = new AbortController();
  const detener = () => {
    console.log('\nDeteniendo la simulación (Ctrl-C otra vez para salir ya)…');
    control.abort();
    process.once('SIGINT', () => process.exit(130));
  };
  process.once('SIGINT', detener);
  console.log(
    `Simulando ${ritmo} camión(es) por minuto contra ${url}${camiones ? `, ${camiones} en total` : ''}. Ctrl-C para detener.`,
  );
  try {
    const r = await simular({
      url,
      token,
      db,
      ritmo,
      camiones,
      codempre: opciones.empresa === undefined ? undefined : entero(opciones.empresa as string),
      unineg: opciones.unidad === undefined ? undefined : entero(opciones.unidad as string),
      escribir: (linea) => console.log(`${hora.format(new Date())}  ${linea}`),
      senal: control.signal,
    });
    console.log(
      `Simulación terminada: ${r.iniciados} camión(es) ingresaron, ${r.finalizados} salieron de playa.`,
    );
  } finally {
    process.removeListener('SIGINT', detener);
    if (temporal) await revocarToken(db, temporal, CLI);
  }
}

function requerido(valor: string | undefined, nombre: string): string {
  if (!valor) throw new ErrorUso(`Falta ${nombre}.\n\n${AYUDA}`);
  return valor;
}

async function ejecutar(
  entorno: Entorno,
  comando: string[],
  opciones: Record<string, string | boolean | undefined>,
) {
  const { db } = entorno.base;
  const [grupo, accion, ...resto] = comando;
  // One-word commands take their argument right after them (`respaldo <archivo>`).
  const clave = ['demo', 'respaldo', 'restaurar', 'simular'].includes(grupo ?? '')
    ? grupo!
    : `${grupo ?? ''} ${accion ?? ''}`.trim();

  switch (clave) {
    case 'usuarios crear': {
      const nombre = requerido(resto[0], '<usuario>').toLowerCase();
      if (!/^[a-z0-9._-]{3,50}$/.test(nombre)) {
        throw new ErrorUso(
          'El usuario debe tener de 3 a 50 letras minúsculas, números, punto, guion o guion bajo.',
        );
      }
      const codempre = Number(
        requerido(opciones.empresa as string | undefined, '--empresa <codempre>'),
      );
      const unidades = lista(opciones.unidades as string | undefined);
      const id = await db.transaction(async (tx) => {
        const [empresa] = await tx.select().from(empresas).where(eq(empresas.codempre, codempre));
        if (!empresa)
          throw new ErrorUso(`No existe la empresa ${codempre}. Vea 'empresas listar'.`);
        const existentes = await tx.select().from(unidadesNegocio);
        for (const u of unidades) {
          if (!existentes.some((e) => e.ctrl === u))
            throw new ErrorUso(`No existe la unidad de negocio ${u}. Vea 'unidades listar'.`);
        }
        const [fila] = await tx
          .insert(usuarios)
          .values({ usuario: nombre, codempre })
          .onConflictDoNothing()
          .returning();
        if (!fila) throw new ErrorUso(`Ya existe el usuario '${nombre}'.`);
        if (unidades.length)
          await tx
            .insert(usuarioUnidades)
            .values(unidades.map((unineg) => ({ usuarioId: fila.id, unineg })));
        await auditar(tx, {
          ...CLI,
          accion: 'crear',
          tabla: 'usuarios',
          filaId: fila.id,
          despues: { usuario: nombre, codempre, unidades },
        });
        return fila.id;
      });
      console.log(
        `Usuario '${nombre}' creado (id ${id}, empresa ${codempre}). Emita su tarjeta con: npm run cli -- tarjeta emitir ${nombre}`,
      );
      return;
    }
    case 'usuarios listar': {
      const { rows } = await db.execute<{
        id: number;
        usuario: string;
        codempre: number;
        nomempre: string;
        unidades: string | null;
        tarjeta: number | null;
        activo: boolean;
      }>(sql`
        select u.id, u.usuario, u.codempre, e.nomempre, u.activo,
               (select string_agg(un.unineg, ', ' order by un.ctrl) from usuario_unidades uu
                  join unidades_negocio un on un.ctrl = uu.unineg where uu.usuario_id = u.id) as unidades,
               (select t.ctrl from tarjetas t where t.usuario_id = u.id and t.revocada_en is null) as tarjeta
        from usuarios u join empresas e on e.codempre = u.codempre
        order by u.codempre, u.usuario`);
      console.table(
        rows.map((r) => ({
          usuario: r.usuario,
          empresa: `${r.codempre} ${r.nomempre}`,
          unidades: r.codempre === 0 ? 'todas' : (r.unidades ?? ''),
          tarjeta: r.tarjeta ?? 'sin tarjeta',
          activo: r.activo ? 'sí' : 'no',
        })),
      );
      return;
    }
    case 'usuarios desactivar':
    case 'usuarios activar': {
      const nombre = requerido(resto[0], '<usuario>').toLowerCase();
      const activo = accion === 'activar';
      const cerradas = await db.transaction(async (tx) => {
        const [fila] = await tx
          .update(usuarios)
          .set({ activo })
          .where(eq(usuarios.usuario, nombre))
          .returning();
        if (!fila) throw new ErrorUso(`No existe el usuario '${nombre}'.`);
        // A disabled account keeps no session alive (its sessions also stop loading at once).
        const borradas = activo
          ? []
          : await tx.delete(sesiones).where(eq(sesiones.usuarioId, fila.id)).returning();
        await auditar(tx, {
          ...CLI,
          accion: activo ? 'activar' : 'desactivar',
          tabla: 'usuarios',
          filaId: fila.id,
        });
        return borradas.length;
      });
      console.log(
        activo
          ? `Usuario '${nombre}' activado.`
          : `Usuario '${nombre}' desactivado; ${cerradas} sesión(es) cerrada(s).`,
      );
      return;
    }
    case 'sesiones cerrar': {
      const nombre = resto[0]?.toLowerCase();
      if (!nombre && !opciones.todas)
        throw new ErrorUso(`Indique <usuario> o --todas.\n\n${AYUDA}`);
      const borradas = await db.transaction(async (tx) => {
        const filas = nombre
          ? await tx
              .delete(sesiones)
              .where(
                sql`${sesiones.usuarioId} = (select id from usuarios where usuario = ${nombre})`,
              )
              .returning()
          : await tx.delete(sesiones).returning();
        await auditar(tx, {
          ...CLI,
          accion: 'cerrar_sesiones',
          tabla: 'sesiones',
          filaId: nombre ?? 'todas',
          despues: { cerradas: filas.length },
        });
        return filas.length;
      });
      console.log(`${borradas} sesión(es) cerrada(s).`);
      return;
    }
    case 'tarjeta emitir': {
      const nombre = requerido(resto[0], '<usuario>').toLowerCase();
      const [usuario] = await db.select().from(usuarios).where(eq(usuarios.usuario, nombre));
      if (!usuario) throw new ErrorUso(`No existe el usuario '${nombre}'.`);
      const valores = generarValores();
      const ctrl = await db.transaction(async (tx) => {
        const nuevo = await emitirTarjeta(tx, entorno.config.cardSecret, usuario.id, valores);
        // A new factor ends every session opened with the old one (ASVS 7.4.3).
        await tx.delete(sesiones).where(eq(sesiones.usuarioId, usuario.id));
        await auditar(tx, {
          ...CLI,
          accion: 'emitir_tarjeta',
          tabla: 'tarjetas',
          filaId: nuevo,
          despues: { usuario: nombre },
        });
        return nuevo;
      });
      if (opciones.json) {
        console.log(JSON.stringify({ usuario: nombre, ctrltarjeta: ctrl, celdas: valores }));
      } else {
        console.log(tarjetaEnTexto(nombre, ctrl, valores));
        console.log(
          '\nEntréguela a su titular: no se vuelve a mostrar. La tarjeta anterior quedó revocada.',
        );
      }
      return;
    }
    case 'tarjeta desbloquear': {
      const nombre = requerido(resto[0], '<usuario>').toLowerCase();
      await borrarFallos(db, nombre);
      await auditar(db, { ...CLI, accion: 'desbloquear', tabla: 'login_fallos', filaId: nombre });
      console.log(`Usuario '${nombre}' desbloqueado.`);
      return;
    }
    case 'empresas listar': {
      console.table(await db.select().from(empresas).orderBy(asc(empresas.codempre)));
      return;
    }
    case 'empresas crear': {
      const codempre = Number(requerido(resto[0], '<codempre>'));
      const nombre = resto.slice(1).join(' ').trim();
      if (!Number.isInteger(codempre) || codempre <= 0)
        throw new ErrorUso('<codempre> debe ser un entero positivo (0 es la terminal).');
      if (!nombre) throw new ErrorUso('Falta <nombre>.');
      const [fila] = await db
        .insert(empresas)
        .values({ codempre, nomempre: nombre })
        .onConflictDoNothing()
        .returning();
      if (!fila) throw new ErrorUso(`Ya existe la empresa ${codempre}.`);
      await auditar(db, {
        ...CLI,
        accion: 'crear',
        tabla: 'empresas',
        filaId: codempre,
        despues: fila,
      });
      console.log(`Empresa ${codempre} '${nombre}' creada.`);
      return;
    }
    case 'unidades listar': {
      console.table(await db.select().from(unidadesNegocio).orderBy(asc(unidadesNegocio.ctrl)));
      return;
    }
    case 'token crear': {
      const nombre = requerido(resto[0], '<nombre>').toLowerCase();
      if (!NOMBRE_TOKEN.test(nombre)) {
        throw new ErrorUso(
          'El nombre debe tener de 3 a 60 letras minúsculas, números, punto, guion o guion bajo.',
        );
      }
      const token = await crearToken(db, nombre, CLI);
      if (!token)
        throw new ErrorUso(`Ya existe el token '${nombre}'. Revóquelo antes de crearlo de nuevo.`);
      if (opciones.json) {
        console.log(JSON.stringify({ nombre, token }));
      } else {
        console.log(`Token de servicio '${nombre}':\n\n  ${token}\n`);
        console.log(
          'Configúrelo en la máquina (Authorization: Bearer …): no se vuelve a mostrar. ' +
            'Vale solo para /api/operaciones/*.',
        );
      }
      return;
    }
    case 'token listar': {
      const tokens = await listarTokens(db);
      if (tokens.length === 0) console.log('No hay tokens de servicio.');
      else
        console.table(
          tokens.map((t) => ({
            ...t,
            ultimoUso: t.ultimoUso ?? 'nunca',
            revocado: t.revocado ?? '',
          })),
        );
      return;
    }
    case 'token revocar': {
      const nombre = requerido(resto[0], '<nombre>').toLowerCase();
      if (!(await revocarToken(db, nombre, CLI))) {
        throw new ErrorUso(`No hay un token vigente llamado '${nombre}'. Vea 'token listar'.`);
      }
      console.log(`Token '${nombre}' revocado.`);
      return;
    }
    case 'stock verificar': {
      const diferencias = await diferenciasDeSaldos(db);
      if (diferencias.length === 0) {
        console.log('Los saldos coinciden con la suma de los movimientos.');
        return;
      }
      console.table(diferencias);
      throw new Error(
        `${diferencias.length} saldo(s) no coinciden con sus movimientos. Corrija con 'stock recalcular'.`,
      );
    }
    case 'stock recalcular': {
      const saldos = await db.transaction(async (tx) => {
        const n = await recalcularSaldos(tx);
        await auditar(tx, {
          ...CLI,
          accion: 'recalcular',
          tabla: 'stock_saldos',
          despues: { saldos: n },
        });
        return n;
      });
      console.log(`Saldos recalculados desde los movimientos: ${saldos}.`);
      return;
    }
    case 'stock ajustar': {
      const [codempre, unineg, codpro] = [0, 1, 2].map((i) =>
        entero(requerido(resto[i], '<codempre> <unineg> <codpro>')),
      ) as [number, number, number];
      const texto = requerido(resto[3], '<toneladas>');
      const kilos = kilosDeToneladas(texto);
      const tipo = opciones.apertura ? 'apertura' : 'ajuste';
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ ok: boolean }>(sql`
          select exists (select 1 from empresas where codempre = ${codempre} and codempre <> 0)
             and exists (select 1 from unidades_negocio where ctrl = ${unineg})
             and exists (select 1 from productos where codpro = ${codpro}) as ok`);
        if (!rows[0]!.ok) {
          throw new ErrorUso(
            `No existe la empresa ${codempre}, la unidad ${unineg} o el producto ${codpro}.`,
          );
        }
        const observacion = (opciones.obs as string | undefined)?.slice(0, 250) ?? null;
        await registrarMovimientos(tx, [{ codempre, unineg, codpro, tipo, kilos, observacion }]);
        await auditar(tx, {
          ...CLI,
          accion: tipo,
          tabla: 'stock_movimientos',
          despues: { codempre, unineg, codpro, toneladas: kilos / 1000, observacion },
        });
      });
      console.log(
        `${tipo === 'apertura' ? 'Saldo inicial' : 'Ajuste'} de ${texto.replace('\u2212', '-')} t registrado (empresa ${codempre}, unidad ${unineg}, producto ${codpro}).`,
      );
      return;
    }
    case 'simular': {
      await ejecutarSimulador(db, entorno.config, opciones);
      return;
    }
    case 'demo': {
      if (!(await baseVacia(db)))
        throw new ErrorUso(
          'La base de datos ya tiene datos: la demostración solo se carga en una base vacía.',
        );
      const tarjetas = await cargarDemo(db, entorno.config.cardSecret);
      await escribirTarjetasDemo(entorno.config.dataDir, tarjetas);
      console.log(
        `Datos de demostración cargados. Tarjetas en ${path.join(entorno.config.dataDir, ARCHIVO_TARJETAS_DEMO)}`,
      );
      return;
    }
    case 'respaldo': {
      const archivo = path.resolve(requerido(accion, '<archivo>'));
      const r = await respaldar(entorno.url, archivo);
      const filas = r.tablas.reduce((n, t) => n + t.filas, 0);
      console.log(`Respaldo escrito en ${archivo}: ${r.tablas.length} tablas, ${filas} filas.`);
      console.log(
        'Guárdelo junto con el secreto de tarjetas (CARD_SECRET o DATA_DIR/tarjetas.secreto).',
      );
      return;
    }
    case 'restaurar': {
      const archivo = path.resolve(requerido(accion, '<archivo>'));
      const r = await restaurar(entorno.url, archivo);
      const filas = r.tablas.reduce((n, t) => n + t.filas, 0);
      await auditar(db, {
        ...CLI,
        accion: 'restaurar',
        tabla: 'base',
        despues: { archivo, filas },
      });
      console.log(`Base restaurada desde ${archivo}: ${r.tablas.length} tablas, ${filas} filas.`);
      return;
    }
    default:
      throw new ErrorUso(clave ? `Comando desconocido: '${clave}'.\n\n${AYUDA}` : AYUDA);
  }
}

async function principal(): Promise<number> {
  let argumentos;
  try {
    argumentos = parseArgs({
      // A negative quantity ('stock ajustar … -2,5') is a value, not an option: it travels with a
      // minus sign that parseArgs does not read as a dash.
      args: process.argv.slice(2).map((a) => (/^-\d[\d.,]*$/.test(a) ? `\u2212${a.slice(1)}` : a)),
      allowPositionals: true,
      options: {
        empresa: { type: 'string' },
        unidades: { type: 'string' },
        json: { type: 'boolean' },
        todas: { type: 'boolean' },
        apertura: { type: 'boolean' },
        obs: { type: 'string' },
        ritmo: { type: 'string' },
        url: { type: 'string' },
        token: { type: 'string' },
        unidad: { type: 'string' },
        camiones: { type: 'string' },
        ayuda: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${AYUDA}`);
    return 2;
  }
  const { positionals, values } = argumentos;
  if (values.ayuda || positionals.length === 0 || positionals[0] === 'ayuda') {
    console.log(AYUDA);
    return 0;
  }
  const entorno = await prepararEntorno(leerConfig(), 'si-lo-inicie');
  try {
    await ejecutar(entorno, positionals, values);
    return 0;
  } catch (e) {
    console.error(e instanceof ErrorUso ? e.message : `Error: ${(e as Error).message}`);
    return e instanceof ErrorUso ? 2 : 1;
  } finally {
    await entorno.cerrar();
  }
}

process.exitCode = await principal();
