/**
 * `npm run seguridad`: attacks a throwaway portal (fresh DATA_DIR, demo data) with the Debian
 * packages sqlmap and wapiti (`apt-get install -y sqlmap wapiti`).
 * - sqlmap, with a valid session, against the sign-in, the filters, the quota and survey calls:
 *   every JSON field (and the id in a path) is tried for SQL injection.
 * - wapiti against the whole portal, signed in.
 * Exits non-zero when sqlmap finds an injection or wapiti a finding above low. Results:
 * bench/results/seguridad-<fecha>.json; docs/security.md explains them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { leerTarjetasDeTexto } from '../src/server/features/auth/tarjetas';
import { ordenDePrueba } from '../src/server/features/cupos/datos-prueba';
import { ingresarHttp } from '../src/server/test/http';
import { detenerProceso, iniciarProceso, puertoLibre } from './procesos';
import { compilarWebSiHaceFalta } from './web-compilada';

const raiz = fileURLToPath(new URL('..', import.meta.url));
const NIVELES_WAPITI = ['info', 'baja', 'media', 'alta', 'crítica'];

interface Objetivo {
  nombre: string;
  ruta: string;
  /** JSON body; absent for a GET whose path carries the `*` injection mark. */
  cuerpo?: unknown;
  usuario: 'cliente1' | 'admin';
  /** Status codes that are the call's normal refusal, not a reason for sqlmap to give up. */
  ignorar?: string;
}

function correr(
  comando: string,
  argumentos: string[],
): Promise<{ codigo: number; salida: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(comando, argumentos, { cwd: raiz });
    let salida = '';
    p.stdout.on('data', (d: Buffer) => (salida += d.toString()));
    p.stderr.on('data', (d: Buffer) => (salida += d.toString()));
    p.on('error', reject);
    p.on('close', (codigo) => resolve({ codigo: codigo ?? 1, salida }));
  });
}

async function principal() {
  for (const herramienta of ['sqlmap', 'wapiti']) {
    const { codigo } = await correr('sh', ['-c', `command -v ${herramienta}`]);
    if (codigo !== 0) {
      console.error(`Falta ${herramienta}: sudo apt-get install -y sqlmap wapiti`);
      process.exit(2);
    }
  }
  await compilarWebSiHaceFalta();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-seguridad-'));
  const trabajo = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-escaneo-'));
  const puerto = await puertoLibre();
  const url = `http://127.0.0.1:${puerto}`;
  const portal = await iniciarProceso('src/server/main.ts', {
    DATA_DIR: dataDir,
    PORT: String(puerto),
    HOST: '127.0.0.1',
    DEMO: '1',
    DATABASE_URL: undefined,
    LOG_LEVEL: 'fatal',
    // The scanners send thousands of requests: the per-IP limit would only hide the routes.
    AUTH_RATE_LIMIT: '100000000',
  });
  try {
    const tarjetas = leerTarjetasDeTexto(
      await fs.readFile(path.join(dataDir, 'tarjetas-demo.txt'), 'utf8'),
    );
    const cookies = {
      cliente1: (await ingresarHttp(url, 'cliente1', tarjetas.get('cliente1')!.valores)).cookie,
      admin: (await ingresarHttp(url, 'admin', tarjetas.get('admin')!.valores)).cookie,
    };
    const sesion = (await (
      await fetch(`${url}/api/auth/verifyuser`, { headers: { cookie: cookies.cliente1 } })
    ).json()) as {
      userId: number;
    };

    const objetivos: Objetivo[] = [
      {
        nombre: 'ingreso paso 1',
        ruta: '/api/auth/request-coordenadas',
        cuerpo: { userName: 'cliente1' },
        usuario: 'cliente1',
      },
      {
        nombre: 'ingreso paso 2',
        ruta: '/api/auth/comparar-coordenadas',
        cuerpo: {
          solicitadas: [
            { letra: 'A', posicion: 1 },
            { letra: 'B', posicion: 2 },
          ],
          ingresadas: { coordenada1: 1234, coordenada2: 5678 },
          tarjeta: 123456,
        },
        usuario: 'cliente1',
        // Without a pending challenge every try is a 401; with one, five tries lock it (429).
        ignorar: '401,429',
      },
      {
        nombre: 'empresas',
        ruta: '/api/clientes/clientes-empresas',
        cuerpo: { codempre: 1 },
        usuario: 'cliente1',
      },
      {
        nombre: 'filtro de camiones',
        ruta: '/api/camiones/camiones-playa',
        cuerpo: { filtros: { codempre: 1, unineg: 1, estado: 0 } },
        usuario: 'cliente1',
      },
      {
        nombre: 'cupos de un camión',
        ruta: '/api/camiones/cupos-asignados',
        cuerpo: { codcamion: 2 },
        usuario: 'cliente1',
      },
      {
        nombre: 'tickets',
        ruta: '/api/camiones/tickets',
        cuerpo: { camion: 4 },
        usuario: 'cliente1',
      },
      {
        nombre: 'lista de cupos',
        ruta: '/api/cupos',
        cuerpo: { uniNeg: 1, codEmpre: 1 },
        usuario: 'cliente1',
      },
      {
        nombre: 'detalle de cupo',
        ruta: '/api/cupo/detalle',
        cuerpo: { codorden: 1 },
        usuario: 'cliente1',
      },
      {
        nombre: 'alta de cupo',
        ruta: '/api/cupos/crear',
        cuerpo: ordenDePrueba(),
        usuario: 'cliente1',
      },
      {
        nombre: 'productos del cliente',
        ruta: '/api/productos/productos-clientes',
        cuerpo: { cliente: 1, unineg: 1 },
        usuario: 'cliente1',
      },
      {
        nombre: 'stock',
        ruta: '/api/empresa/stock',
        cuerpo: { codempre: 1, unineg: 1 },
        usuario: 'cliente1',
      },
      {
        nombre: 'alta de encuesta',
        ruta: '/api/encuestas',
        cuerpo: { titulo: 'Sondeo', descripcion: 'x' },
        usuario: 'admin',
      },
      {
        nombre: 'edición de pregunta',
        ruta: '/api/encuestas/pregunta/editar',
        cuerpo: { id: 1, texto: 'x', obligatoria: 1, esTexto: 0 },
        usuario: 'admin',
      },
      { nombre: 'encuesta por id', ruta: '/api/encuestas/1*', usuario: 'admin' },
      { nombre: 'respuestas por id', ruta: '/api/encuestas/1*/respuestas', usuario: 'admin' },
      {
        nombre: 'responder encuesta',
        ruta: '/api/encuestas/responder',
        cuerpo: {
          usuarioId: sesion.userId,
          encuestaId: 1,
          respuestas: [{ preguntaId: 1, puntaje: 4, observaciones: 'x', textoRespuesta: '' }],
        },
        usuario: 'cliente1',
      },
      {
        nombre: 'pendientes',
        ruta: `/api/encuestas/pendientes/${sesion.userId}*`,
        usuario: 'cliente1',
      },
    ];

    const sqlmap: {
      nombre: string;
      ruta: string;
      resultado: 'sin inyección' | 'INYECTABLE' | 'error';
      detalle?: string;
    }[] = [];
    for (const o of objetivos) {
      const argumentos = [
        '-u',
        `${url}${o.ruta}`,
        '--batch',
        '--level=2',
        '--risk=1',
        '--threads=4',
        '--time-sec=2',
        '--timeout=15',
        '--retries=1',
        '--flush-session',
        '--disable-coloring',
        '--output-dir',
        path.join(trabajo, 'sqlmap'),
        // The session cookie is what lets the request in: it is not a parameter to tamper with.
        '--skip=Cookie',
        ...(o.ignorar ? [`--ignore-code=${o.ignorar}`] : []),
        '--headers',
        o.cuerpo === undefined
          ? `Cookie: ${cookies[o.usuario]}`
          : `Cookie: ${cookies[o.usuario]}\nContent-Type: application/json`,
      ];
      if (o.cuerpo !== undefined)
        argumentos.push('--method=POST', '--data', JSON.stringify(o.cuerpo));
      process.stdout.write(`sqlmap · ${o.nombre} (${o.ruta}) … `);
      const { salida } = await correr('sqlmap', argumentos);
      const inyectable =
        /identified the following injection point|is vulnerable|appears to be .*injectable/i.test(
          salida,
        ) && !/do not appear to be injectable/i.test(salida.split('\n').slice(-30).join('\n'));
      const limpio =
        /all tested parameters do not appear to be injectable|do not appear to be injectable/i.test(
          salida,
        );
      const resultado = inyectable ? 'INYECTABLE' : limpio ? 'sin inyección' : 'error';
      sqlmap.push({
        nombre: o.nombre,
        ruta: o.ruta,
        resultado,
        ...(resultado === 'sin inyección' ? {} : { detalle: salida.slice(-2000) }),
      });
      console.log(resultado);
    }

    const informeWapiti = path.join(trabajo, 'wapiti.json');
    console.log('wapiti · el portal entero, con sesión de administrador …');
    const w = await correr('wapiti', [
      '-u',
      `${url}/`,
      '--scope',
      'folder',
      '--flush-session',
      '-f',
      'json',
      '-o',
      informeWapiti,
      '-H',
      `Cookie: ${cookies.admin}`,
      '--max-scan-time',
      '600',
      '--max-attack-time',
      '120',
      '-m',
      'backup,blindsql,cookieflags,crlf,csp,exec,file,htaccess,http_headers,methods,permanentxss,redirect,sql,ssrf,xss,xxe',
    ]);
    const reporte = JSON.parse(await fs.readFile(informeWapiti, 'utf8').catch(() => '{}')) as {
      vulnerabilities?: Record<
        string,
        { level: number | string; info: string; path: string; method: string }[]
      >;
      anomalies?: Record<string, { level: number | string; info: string; path: string }[]>;
    };
    const hallazgos = Object.entries({ ...reporte.vulnerabilities, ...reporte.anomalies }).flatMap(
      ([categoria, lista]) =>
        lista.map((v) => ({ categoria, nivel: Number(v.level), info: v.info, ruta: v.path })),
    );
    if (!reporte.vulnerabilities) console.log(w.salida.slice(-2000));

    const informe = { fecha: new Date().toISOString(), sqlmap, wapiti: hallazgos };
    await fs.mkdir(path.join(raiz, 'bench', 'results'), { recursive: true });
    const archivo = path.join(
      raiz,
      'bench',
      'results',
      `seguridad-${informe.fecha.replace(/[:.]/g, '-')}.json`,
    );
    await fs.writeFile(archivo, `${JSON.stringify(informe, null, 2)}\n`);

    console.log('\n| llamada | ruta | sqlmap |\n|---|---|---|');
    for (const s of sqlmap) console.log(`| ${s.nombre} | \`${s.ruta}\` | ${s.resultado} |`);
    console.log('\n| wapiti: categoría | nivel | detalle | ruta |\n|---|---|---|---|');
    for (const h of hallazgos)
      console.log(
        `| ${h.categoria} | ${NIVELES_WAPITI[h.nivel] ?? h.nivel} | ${h.info.replace(/\n/g, ' ')} | ${h.ruta} |`,
      );
    if (!hallazgos.length) console.log('| (ninguno) | | | |');
    console.log(`\nInforme completo: ${archivo}`);

    const problemas =
      sqlmap.filter((s) => s.resultado !== 'sin inyección').length +
      hallazgos.filter((h) => h.nivel > 1).length;
    process.exitCode = problemas ? 1 : 0;
  } finally {
    await detenerProceso(portal);
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(trabajo, { recursive: true, force: true });
  }
}

await principal();
