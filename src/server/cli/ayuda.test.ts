/**
 * The CLI explains itself (issue 12): a Spanish help table, a help per command, and a wrong
 * command line refused in one Spanish line with exit code 2 — before any database is touched,
 * so these run against an address where no PostgreSQL answers.
 */
import { describe, expect, it } from 'vitest';
import { ejecutarCli } from '../test/cli';

const SIN_BASE = 'postgres://nadie@127.0.0.1:1/x';
const cli = (...args: string[]) => ejecutarCli(SIN_BASE, args);

/** Every command the README documents, as the help table must list it. */
const COMANDOS = [
  'inicializar',
  'terminal mostrar',
  'terminal modificar',
  'usuarios crear <usuario>',
  'usuarios listar',
  'usuarios desactivar <usuario>',
  'usuarios activar <usuario>',
  'tarjeta emitir <usuario>',
  'tarjeta desbloquear <usuario>',
  'sesiones cerrar [<usuario>]',
  'empresas listar',
  'empresas crear <codempre> <nombre…>',
  'empresas unidades <codempre>',
  'unidades listar',
  'unidades crear <nombre…>',
  'unidades renombrar <ctrl> <nombre…>',
  'unidades desactivar <ctrl>',
  'unidades activar <ctrl>',
  'unidades eliminar <ctrl>',
  'despachos listar <unidad>',
  'despachos crear <unidad> <nombre…>',
  'despachos renombrar <coddespacho> <nombre…>',
  'despachos desactivar <coddespacho>',
  'despachos activar <coddespacho>',
  'despachos eliminar <coddespacho>',
  'productos listar',
  'productos crear <codpro> <nombre…>',
  'productos renombrar <codpro> <nombre…>',
  'productos desactivar <codpro>',
  'productos activar <codpro>',
  'productos eliminar <codpro>',
  'productos cliente <codempre> <unidad>',
  'envases listar <codempre>',
  'envases crear <codempre> <nombre…>',
  'envases desactivar <ctrl>',
  'envases activar <ctrl>',
  'envases eliminar <ctrl>',
  'token crear <nombre>',
  'token listar',
  'token revocar <nombre>',
  'stock verificar',
  'stock recalcular',
  'stock ajustar <codempre> <unineg> <codpro> <toneladas>',
  'importar <archivo>',
  'importar plantilla <destino>',
  'simular',
  'demo',
  'respaldo <archivo>',
  'restaurar <archivo>',
  'purgar',
];

describe('npm run cli: ayuda y errores de uso', { timeout: 60_000 }, () => {
  it('--help, -h y ayuda muestran la tabla de comandos con sus opciones, en castellano, y salen con 0', async () => {
    const salidas = await Promise.all([cli('--help'), cli('-h'), cli('ayuda'), cli()]);
    for (const s of salidas) {
      expect(s.codigo, s.salida).toBe(0);
      expect(s.stdout).toBe(salidas[0].stdout);
    }
    const ayuda = salidas[0].stdout;
    expect(ayuda).toContain('Uso: npm run cli -- <comando> [argumentos] [opciones]');
    for (const comando of COMANDOS) expect(ayuda).toContain(`  ${comando}`);
    for (const opcion of [
      '--empresa <codempre>',
      '--unidades <lista>',
      '--todas',
      '--json',
      '--envase <S|N>',
      '--a-granel',
      '--productos <lista>',
      '--peso <kg>',
    ]) {
      expect(ayuda).toContain(opcion);
    }
    expect(ayuda).toContain('(obligatoria)');
    expect(ayuda).not.toMatch(/\b(Usage|Options|Commands)\b/);
    for (const linea of ayuda.split('\n')) expect(linea.length).toBeLessThanOrEqual(100);
  });

  it('<comando> --help y ayuda <comando> explican ese comando con sus argumentos y opciones', async () => {
    const [a, b] = await Promise.all([
      cli('stock', 'ajustar', '--help'),
      cli('ayuda', 'stock', 'ajustar'),
    ]);
    expect(a.codigo).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toContain(
      'Uso: npm run cli -- stock ajustar <codempre> <unineg> <codpro> <toneladas> [opciones]',
    );
    for (const texto of ['<toneladas>', '--apertura', '--obs <texto>', '-h, --help']) {
      expect(a.stdout).toContain(texto);
    }
  });

  it('un comando, una opción o un argumento que no corresponden: una línea en castellano y código 2', async () => {
    const casos: [string[], string][] = [
      [['usuarios', 'crear'], "Falta <usuario> para 'usuarios crear'."],
      [['usuarios', 'crear', 'nuevo'], "Falta --empresa <codempre> para 'usuarios crear'."],
      [['usuarios', 'crear', 'nuevo', '--empresa'], '--empresa necesita un valor <codempre>.'],
      [['usuarios', 'listar', '--todas'], "Opción desconocida para 'usuarios listar': --todas."],
      [['usuarios', 'listar', '-x'], "Opción desconocida para 'usuarios listar': -x."],
      [['usuarios', 'listar', 'de', 'mas'], "Sobra 'de' para 'usuarios listar'."],
      [['usuarios', 'borrar', 'x'], "Comando desconocido: 'usuarios borrar'."],
      [['volar'], "Comando desconocido: 'volar'."],
      [['--volar'], "Opción desconocida: '--volar'."],
      [['token', 'listar', '--json=si'], '--json no lleva valor.'],
    ];
    const resultados = await Promise.all(casos.map(([args]) => cli(...args)));
    casos.forEach(([args, mensaje], i) => {
      const r = resultados[i]!;
      expect(r.codigo, args.join(' ')).toBe(2);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr, args.join(' ')).toContain(mensaje);
    });
  });

  it('sin base de datos, un comando válido falla en una línea con el remedio y código 1', async () => {
    const r = await cli('usuarios', 'listar');
    expect(r.codigo).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('No se pudo conectar a PostgreSQL en 127.0.0.1:1/x (DATABASE_URL)');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
