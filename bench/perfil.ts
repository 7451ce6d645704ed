/**
 * `npx tsx bench/perfil.ts <archivo.cpuprofile> [funciones] [--carga]`: where a V8 CPU profile
 * (left by PERFIL_CPU=<carpeta> npm run bench …) spends its time. Self time grouped by who owns
 * the code (an npm package, a file of src/, Node's internals, idle, GC), and the top functions.
 * `--carga` keeps only the seconds in which the process was busy more than half the time: the
 * load, without the start (compiling TypeScript, migrations) or the idle wait for other phases.
 */
import { readFileSync } from 'node:fs';

interface Nodo {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Perfil {
  nodes: Nodo[];
  samples: number[];
  timeDeltas: number[];
}

const argumentos = process.argv.slice(2);
const soloCarga = argumentos.includes('--carga');
const [archivo, cuantas = '25'] = argumentos.filter((a) => !a.startsWith('--'));
if (!archivo) {
  throw new Error('uso: tsx bench/perfil.ts <archivo.cpuprofile> [funciones] [--carga]');
}
const perfil = JSON.parse(readFileSync(archivo, 'utf8')) as Perfil;
const porId = new Map(perfil.nodes.map((n) => [n.id, n]));

if (soloCarga) {
  // The second of each sample, and how much of each second was not idle.
  const ociosos = new Set(
    perfil.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  let t = 0;
  const segundos = perfil.timeDeltas.map((d) => Math.floor((t += d) / 1e6));
  const total = new Map<number, number>();
  const ocupado = new Map<number, number>();
  perfil.samples.forEach((id, i) => {
    const s = segundos[i]!;
    const d = perfil.timeDeltas[i] ?? 0;
    total.set(s, (total.get(s) ?? 0) + d);
    if (!ociosos.has(id)) ocupado.set(s, (ocupado.get(s) ?? 0) + d);
  });
  const conCarga = (s: number) => (ocupado.get(s) ?? 0) > (total.get(s) ?? 0) / 2;
  const quedan = perfil.samples.map((_, i) => i).filter((i) => conCarga(segundos[i]!));
  perfil.samples = quedan.map((i) => perfil.samples[i]!);
  perfil.timeDeltas = quedan.map((i) => perfil.timeDeltas[i]!);
  const elegidos = [...total.keys()].filter(conCarga);
  console.log(`--carga: ${elegidos.length} de ${total.size} segundos (más de la mitad con CPU)`);
}

/** Who the code belongs to. */
function dueno(n: Nodo): string {
  const { url, functionName } = n.callFrame;
  if (!url) return functionName || '(anónima)';
  const paquete = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (paquete) return paquete[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const propio = /\/(src\/.*|bench\/.*|scripts\/.*)$/.exec(url);
  return propio ? propio[1]! : url;
}

const propio = new Map<number, number>();
perfil.samples.forEach((id, i) => {
  propio.set(id, (propio.get(id) ?? 0) + (perfil.timeDeltas[i] ?? 0));
});
const total = [...propio.values()].reduce((a, b) => a + b, 0);
const porDueno = new Map<string, number>();
const porFuncion = new Map<string, number>();
for (const [id, us] of propio) {
  const n = porId.get(id)!;
  const d = dueno(n);
  porDueno.set(d, (porDueno.get(d) ?? 0) + us);
  const f = `${n.callFrame.functionName || '(anónima)'} (${d}:${n.callFrame.lineNumber + 1})`;
  porFuncion.set(f, (porFuncion.get(f) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1)} %`;
const ocupado = total - (porDueno.get('(idle)') ?? 0);
console.log(
  `${(total / 1e6).toFixed(1)} s perfilados, ${(ocupado / 1e6).toFixed(1)} s con CPU (${pct(ocupado)})`,
);
console.log('\n| tiempo propio por dueño | % del total | % del tiempo con CPU |\n|---|---|---|');
for (const [d, us] of [...porDueno].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  console.log(`| ${d} | ${pct(us)} | ${((100 * us) / ocupado).toFixed(1)} % |`);
}
console.log('\n| función (tiempo propio) | % del total |\n|---|---|');
for (const [f, us] of [...porFuncion].sort((a, b) => b[1] - a[1]).slice(0, Number(cuantas))) {
  console.log(`| ${f} | ${pct(us)} |`);
}

// Inclusive: the time with each owner anywhere on the stack (counted once per sample), which
// says how much a plugin or a library costs with everything it calls.
const padre = new Map<number, number>();
for (const n of perfil.nodes) for (const h of n.children ?? []) padre.set(h, n.id);
const inclusivo = new Map<string, number>();
perfil.samples.forEach((id, i) => {
  const vistos = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = padre.get(n)) {
    vistos.add(dueno(porId.get(n)!));
  }
  for (const d of vistos) inclusivo.set(d, (inclusivo.get(d) ?? 0) + (perfil.timeDeltas[i] ?? 0));
});
console.log('\n| con todo lo que llama (inclusivo) | % del tiempo con CPU |\n|---|---|');
for (const [d, us] of [...inclusivo]
  .filter(([d]) => !d.startsWith('('))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 30)) {
  console.log(`| ${d} | ${((100 * us) / ocupado).toFixed(1)} % |`);
}
