/**
 * The portal's entry point: configuration, database, migrations, demo data, HTTP server, and
 * a graceful stop (in-flight requests finish, connections close, then PostgreSQL stops).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ARCHIVO_TARJETAS_DEMO, cargarDemoSiVacia, prepararEntorno } from './arranque';
import { leerConfig } from './config';
import { USUARIOS_DEMO, EMPRESAS } from './db/demo-data';
import { CARPETA_WEB } from './plugins/spa';

async function iniciar() {
  const config = leerConfig();
  const entorno = await prepararEntorno(config, 'siempre');
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  let deteniendo = false;
  const detener = async (senal: string) => {
    if (deteniendo) {
      console.error('Segunda señal: salida inmediata.');
      process.exit(1);
    }
    deteniendo = true;
    console.log(`\n${senal} recibido: deteniendo el portal…`);
    try {
      await app?.close();
      await entorno.cerrar();
      console.log('Portal detenido.');
      process.exit(0);
    } catch (e) {
      console.error('Error al detener:', e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void detener('SIGINT'));
  process.on('SIGTERM', () => void detener('SIGTERM'));

  try {
    const cargada = config.demo ? await cargarDemoSiVacia(entorno) : undefined;
    app = await buildApp({
      db: entorno.base.db,
      config: entorno.config,
      registro: process.stdout.isTTY ? 'legible' : 'json',
    });
    await app.listen({ port: config.port, host: config.host });
    const direccion = app.server.address();
    const puerto = typeof direccion === 'object' && direccion ? direccion.port : config.port;
    anunciar(config.dataDir, config.host, puerto, Boolean(cargada), entorno.embebido !== undefined);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    await app?.close().catch(() => undefined);
    await entorno.cerrar().catch(() => undefined);
    process.exit(1);
  }
}

function anunciar(
  dataDir: string,
  host: string,
  puerto: number,
  demoNueva: boolean,
  embebida: boolean,
) {
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
  const mostrado = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  lineas.push(`  Portal listo en http://${mostrado}:${puerto}`, '  Ctrl-C para detenerlo.', '');
  console.log(lineas.join('\n'));
}

await iniciar();
