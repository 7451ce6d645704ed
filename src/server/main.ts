/**
 * The portal's entry point: configuration, database, migrations, demo data, HTTP server, and
 * its stop on SIGTERM/SIGINT (graceful within a deadline, forced after it: detencion.ts).
 */
// First: the pg instrumentation patches pg as it loads (telemetria.ts).
import { telemetria } from './telemetria';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import {
  ARCHIVO_TARJETAS_DEMO,
  cargarDemoSiVacia,
  decidirDemo,
  prepararEntorno,
  protegerTarjetasDemo,
  revisarOrigenPublico,
  type Entorno,
} from './arranque';
import { leerConfig, type Config } from './config';
import { crearDetencion } from './detencion';
import { EMPRESAS, USUARIOS_DEMO } from './demo/datos';
import { explicarErrorDeArranque } from './errores-arranque';
import * as inicializacion from './features/inicializacion/servicio';
import { programarAusentes } from './features/turnos/ausentes';
import { programarMantenimiento } from './mantenimiento';
import { CARPETA_WEB } from './plugins/spa';
import { MENSAJES_INICIALIZACION } from '../shared/textos';

/** One line and exit 1: the operator reads what failed and what to do, never a stack. */
function fallarAlIniciar(error: unknown, config?: Config): never {
  console.error(explicarErrorDeArranque(error, config));
  process.exit(1);
}

async function iniciar() {
  let config: Config;
  let entorno: Entorno;
  try {
    config = leerConfig();
    const origen = revisarOrigenPublico(config);
    if (origen.aviso) console.warn(origen.aviso);
  } catch (e) {
    fallarAlIniciar(e);
  }
  try {
    entorno = await prepararEntorno(config, 'siempre');
  } catch (e) {
    fallarAlIniciar(e, config);
  }
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let detenerMantenimiento: (() => void) | undefined;
  let detenerAusentes: (() => Promise<void>) | undefined;

  const detener = crearDetencion({
    cerrar: async () => {
      detenerMantenimiento?.();
      await detenerAusentes?.();
      await app?.close();
      await entorno.cerrar();
      await telemetria?.cerrar();
    },
    forzar: () => entorno.abortar(),
    salir: (codigo) => process.exit(codigo),
    explicar: (e) => explicarErrorDeArranque(e, config),
  });
  process.on('SIGINT', detener);
  process.on('SIGTERM', detener);

  try {
    const demo = decidirDemo(config);
    if (demo.aviso) console.warn(demo.aviso);
    const cargada = demo.cargar ? await cargarDemoSiVacia(entorno) : undefined;
    await protegerTarjetasDemo(config.dataDir);
    app = await buildApp({
      db: entorno.base.db,
      config: entorno.config,
      registro: process.stdout.isTTY ? 'legible' : 'json',
      telemetria,
      // The deliveries on a thread of their own, with a small pool on the same database, so
      // their CPU does not share the event loop that answers the gate (features/avisos/hilo.ts).
      avisos: { hilo: { url: entorno.url, urlDirecta: entorno.urlDirecta } },
    });
    await app.listen({ port: config.port, host: config.host });
    const registro = app.log;
    if (config.relojInicio) {
      registro.warn(
        { relojInicio: config.relojInicio.toISOString(), hora: app.reloj() },
        `Reloj de la terminal desplazado (RELOJ_TERMINAL_INICIO): arrancó en ${config.relojInicio.toISOString()}, no en la hora real. Solo para pruebas y simulacros; nunca en producción.`,
      );
    }
    detenerMantenimiento = programarMantenimiento(entorno.base.db, config, (purgado, error) => {
      if (error) registro.error({ err: error }, 'mantenimiento: la purga falló');
      else if (purgado) registro.info({ purgado }, 'mantenimiento: purga hecha');
    });
    // Bookings without their truck past the band's end plus the tolerance: 'No se presentó'.
    detenerAusentes = programarAusentes(entorno.base.db, app.reloj, (marcados, error) => {
      if (error) registro.error({ err: error }, 'turnos: no se pudieron marcar los ausentes');
      else if (marcados?.length) {
        registro.info({ ausentes: marcados.map((t) => t.codigo) }, 'turnos: ausentes marcados');
      }
    });
    const direccion = app.server.address();
    const puerto = typeof direccion === 'object' && direccion ? direccion.port : config.port;
    // Without an administrator nobody can sign in: this start's one-time set-up code.
    const codigo = await inicializacion.prepararCodigo(entorno.base.db);
    anunciar(config.dataDir, config.host, puerto, {
      demoNueva: Boolean(cargada),
      embebida: entorno.embebido !== undefined,
      codigo,
    });
  } catch (e) {
    await app?.close().catch(() => undefined);
    await entorno.cerrar().catch(() => undefined);
    fallarAlIniciar(e, config);
  }
}

function anunciar(
  dataDir: string,
  host: string,
  puerto: number,
  {
    demoNueva,
    embebida,
    codigo,
  }: { demoNueva: boolean; embebida: boolean; codigo: { codigo: string; vence: string } | null },
) {
  const mostrado = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${mostrado}:${puerto}`;
  const lineas = ['', 'Portal Acopio'];
  lineas.push(
    embebida
      ? `  Base de datos: PostgreSQL embebido en ${path.join(dataDir, 'postgres')}`
      : '  Base de datos: PostgreSQL externo (DATABASE_URL)',
  );
  if (demoNueva) lineas.push('  Datos de demostración cargados (primer inicio).');
  const archivo = path.join(dataDir, ARCHIVO_TARJETAS_DEMO);
  if (existsSync(archivo)) {
    lineas.push('  Usuarios de demostración:');
    for (const u of USUARIOS_DEMO) {
      const empresa = EMPRESAS.find((e) => e.codempre === u.codempre)!;
      lineas.push(`    ${u.usuario.padEnd(10)} ${empresa.nomempre} (codempre ${u.codempre})`);
    }
    lineas.push(`  Sus tarjetas de coordenadas: ${archivo}`);
  }
  if (!existsSync(path.join(CARPETA_WEB, 'index.html'))) {
    lineas.push("  Aviso: falta la interfaz web compilada; ejecute 'npm run build'.");
  }
  if (codigo) {
    lineas.push(
      `  ${MENSAJES_INICIALIZACION.codigoEnElRegistro(codigo.codigo, codigo.vence)}`,
      `  ${MENSAJES_INICIALIZACION.abrirPagina(`${url}/inicializar`)}`,
    );
  }
  lineas.push(`  Portal listo en ${url}`, '  Ctrl-C para detenerlo.', '');
  console.log(lineas.join('\n'));
}

await iniciar();
