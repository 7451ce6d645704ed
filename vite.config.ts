import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes .br and .gz beside every text asset once, at build time, so the server sends them
 * compressed (@fastify/static preCompressed) without compressing on every request.
 */
function precomprimir(): Plugin {
  let carpeta = 'dist/web';
  return {
    name: 'precomprimir',
    apply: 'build',
    configResolved(config) {
      carpeta = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_opciones, paquete) {
      const archivos = [...Object.keys(paquete), 'logo.svg'].filter((f) =>
        /\.(js|css|html|svg)$/.test(f),
      );
      await Promise.all(
        archivos.map(async (archivo) => {
          const ruta = path.join(carpeta, archivo);
          const contenido = await fs.readFile(ruta).catch(() => undefined);
          if (!contenido || contenido.length < 1024) return;
          await fs.writeFile(`${ruta}.gz`, await gzip(contenido, { level: 9 }));
          await fs.writeFile(
            `${ruta}.br`,
            await brotli(contenido, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precomprimir()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // The chunk graph (.vite/manifest.json): the benchmark reports each screen's own weight.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
