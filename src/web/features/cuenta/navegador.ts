/**
 * A User-Agent as a person reads it: 'Chrome 131 en Linux', 'Firefox 133 en Windows',
 * 'Safari 18 en iOS'. What it cannot tell stays out; an empty one is 'Desconocido'.
 */
const NAVEGADORES: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SISTEMAS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function navegadorLegible(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return 'Desconocido';
  let navegador: string | null = null;
  for (const [patron, nombre] of NAVEGADORES) {
    const m = patron.exec(ua);
    if (m) {
      navegador = `${nombre} ${m[1]}`;
      break;
    }
  }
  const sistema = SISTEMAS.find(([patron]) => patron.test(ua))?.[1] ?? null;
  if (navegador && sistema) return `${navegador} en ${sistema}`;
  if (navegador) return navegador;
  // A program, not a browser (curl/8.5, the CLI): its first word is what it is.
  const programa = /^[\w.-]+(?:\/[\w.]+)?/.exec(ua)?.[0];
  if (sistema)
    return `${programa && !programa.startsWith('Mozilla') ? programa : 'Navegador'} en ${sistema}`;
  return programa ?? ua.slice(0, 40);
}
