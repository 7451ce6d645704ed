/**
 * Finds a Chromium for the end-to-end tests: CHROMIUM_PATH, Debian's package, Playwright's own
 * download. With none and root rights on Debian/Ubuntu it installs Debian's package; otherwise it
 * stops with the exact command to run. Playwright never downloads a browser here.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const CANDIDATOS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
];

function deSistema(): string | undefined {
  const deEntorno = process.env.CHROMIUM_PATH;
  if (deEntorno) {
    if (!existsSync(deEntorno)) throw new Error(`CHROMIUM_PATH=${deEntorno} no existe.`);
    return deEntorno;
  }
  const sistema = CANDIDATOS.find((c) => existsSync(c));
  if (sistema) return sistema;
  try {
    const propio = chromium.executablePath();
    if (existsSync(propio)) return propio;
  } catch {
    // Playwright has no browser of its own here.
  }
  return undefined;
}

export function buscarChromium(): string {
  const encontrado = deSistema();
  if (encontrado) return encontrado;
  const root = process.getuid?.() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log('No hay Chromium: instalando el paquete de Debian (apt-get install -y chromium)…');
    try {
      execSync('apt-get install -y chromium', { stdio: 'inherit' });
    } catch {
      execSync('apt-get update && apt-get install -y chromium', { stdio: 'inherit' });
    }
    const instalado = deSistema();
    if (instalado) return instalado;
  }
  throw new Error(
    'Las pruebas de punta a punta necesitan Chromium y no se encontró ninguno.\n' +
      '  En Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  O indique uno existente: CHROMIUM_PATH=/ruta/a/chromium npm test',
  );
}

/** Flags Debian's Chromium needs as root on a machine with no outside network. */
export const ARGUMENTOS_CHROMIUM = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
