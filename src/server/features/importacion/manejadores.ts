/**
 * One handler per kind of row: what makes a row unique within the file, how the list names it,
 * and how a batch of read rows is classified and written inside the import's transaction (one
 * verdict per row, in order). Every kind goes through its feature's service (companies, users,
 * products and products per client, containers, opening balances), in bulk: each answers with
 * data; the Spanish words of the verdict are chosen here.
 */
import type { Clase, EstadoFila } from '../../../shared/contracts/importacion';
import { MENSAJES_IMPORTACION as M, MENSAJES_PRODUCTOS as MP } from '../../../shared/textos';
import type { Actor } from '../../db/auditoria';
import type { DbOTx } from '../../db/client';
import * as empresas from '../empresas/servicio';
import * as envases from '../envases/servicio';
import * as productos from '../productos/servicio';
import * as stock from '../stock/servicio';
import * as usuarios from '../usuarios/servicio';
import type { Filas, Unidades } from './rules';

export interface Veredicto {
  estado: EstadoFila;
  /** What changes, or why it is refused. */
  detalle?: string;
}

export interface ContextoManejador {
  actor: Actor;
  archivo: string;
  unidades: Unidades;
}

export interface Manejador<C extends Clase> {
  /** What must not repeat within the file (a repeated one is refused naming the first row). */
  claves(f: Filas[C]): string[];
  /** What the row is about, as the list shows it: 'empresa 101'. */
  describir(f: Filas[C], unidades: Unidades): string;
  aplicar(tx: DbOTx, filas: Filas[C][], c: ContextoManejador): Promise<Veredicto[]>;
}

const rechazada = (detalle: string): Veredicto => ({ estado: 'rechazada', detalle });
const toneladas = (kilos: number) => kilos / 1000;

export const MANEJADORES: { [C in Clase]: Manejador<C> } = {
  empresas: {
    claves: (f) => [String(f.codempre)],
    describir: (f) => `empresa ${f.codempre}`,
    async aplicar(tx, filas, { unidades }) {
      const r = await empresas.sincronizarEn(tx, filas);
      return r.map((s, i) => {
        const f = filas[i]!;
        switch (s.estado) {
          case 'rechazada':
            return rechazada(
              M.unidadConUsuarios(
                unidades.nombre(s.unidadConUsuarios.unineg),
                s.unidadConUsuarios.usuarios,
              ),
            );
          case 'cambiada': {
            const cambios: string[] = [];
            if (s.antes.nomempre !== f.nomempre) {
              cambios.push(M.cambioNombre(s.antes.nomempre, f.nomempre));
            }
            if (s.antes.unidades.join() !== f.unidades.join()) {
              cambios.push(
                M.cambioUnidades(unidades.nombres(s.antes.unidades), unidades.nombres(f.unidades)),
              );
            }
            return { estado: 'cambiada', detalle: cambios.join('; ') };
          }
          default:
            return { estado: s.estado };
        }
      });
    },
  },

  usuarios: {
    claves: (f) => [f.usuario],
    describir: (f) => `usuario ${f.usuario}`,
    async aplicar(tx, filas, { unidades }) {
      const r = await usuarios.sincronizarEn(tx, filas);
      return r.map((s, i) => {
        const f = filas[i]!;
        if (s.estado === 'cambiada') {
          return {
            estado: 'cambiada',
            detalle: M.cambioUnidades(
              unidades.nombres(s.antes.unidades),
              unidades.nombres(f.unidades),
            ),
          };
        }
        if (s.estado !== 'rechazada') return { estado: s.estado };
        if ('empresaInexistente' in s) return rechazada(M.empresaInexistente(f.codempre));
        if ('unidadAjena' in s) {
          return rechazada(M.unidadAjena(f.codempre, unidades.nombre(s.unidadAjena)));
        }
        return rechazada(M.usuarioDeOtraEmpresa(f.usuario, s.otraEmpresa));
      });
    },
  },

  productos: {
    // Names are unique too (case aside): two rows with one name would be one product.
    claves: (f) => [`codigo:${f.codpro}`, `nombre:${f.nompro.toLowerCase()}`],
    describir: (f) => `producto ${f.codpro}`,
    async aplicar(tx, filas) {
      const r = await productos.sincronizarEn(tx, filas);
      return r.map((s, i) => {
        const f = filas[i]!;
        if (s.estado === 'rechazada')
          return rechazada(M.nombreDeProductoTomado(f.nompro, s.nombreDe));
        if (s.estado !== 'cambiada') return { estado: s.estado };
        const cambios: string[] = [];
        if (s.antes.nompro !== f.nompro) cambios.push(M.cambioNombre(s.antes.nompro, f.nompro));
        if (s.antes.activo !== f.activo) cambios.push(M.cambioActivo(s.antes.activo, f.activo));
        return { estado: 'cambiada', detalle: cambios.join('; ') };
      });
    },
  },

  productosClientes: {
    claves: (f) => [`${f.codempre}|${f.unineg}|${f.codpro}`],
    describir: (f, u) => `empresa ${f.codempre}, ${u.nombre(f.unineg)}, producto ${f.codpro}`,
    async aplicar(tx, filas, { unidades }) {
      const r = await productos.sincronizarDeClientesEn(tx, filas);
      return r.map((s, i) => {
        const f = filas[i]!;
        if (s.estado !== 'rechazada') return { estado: s.estado };
        if ('empresaInexistente' in s) return rechazada(M.empresaInexistente(f.codempre));
        if ('empresaFueraDeUnidad' in s) {
          return rechazada(M.unidadAjena(f.codempre, unidades.nombre(f.unineg)));
        }
        if ('productoInactivo' in s) {
          return rechazada(MP.inactivoParaCliente(f.codpro, s.productoInactivo));
        }
        return rechazada(M.productoInexistente(f.codpro));
      });
    },
  },

  envases: {
    claves: (f) => [`${f.codempre}|${f.nombre.toLowerCase()}`],
    describir: (f) => `empresa ${f.codempre}, '${f.nombre}'`,
    async aplicar(tx, filas) {
      const r = await envases.sincronizarEn(tx, filas);
      return r.map((s, i) => {
        const f = filas[i]!;
        if (s.estado === 'rechazada') return rechazada(M.empresaInexistente(f.codempre));
        if (s.estado !== 'cambiada') return { estado: s.estado };
        const cambios: string[] = [];
        if (s.antes.nombre !== f.nombre) cambios.push(M.cambioNombre(s.antes.nombre, f.nombre));
        if (s.antes.peso !== f.peso) cambios.push(M.cambioPeso(s.antes.peso, f.peso));
        return { estado: 'cambiada', detalle: cambios.join('; ') };
      });
    },
  },

  saldos: {
    claves: (f) => [`${f.codempre}|${f.unineg}|${f.codpro}`],
    describir: (f, u) => `empresa ${f.codempre}, ${u.nombre(f.unineg)}, producto ${f.codpro}`,
    async aplicar(tx, filas, { actor, archivo, unidades }) {
      const r = await stock.sincronizarAperturasEn(tx, actor, filas, M.observacionSaldo(archivo));
      return r.map((s, i) => {
        const f = filas[i]!;
        if (s.estado === 'cambiada') {
          return {
            estado: 'cambiada',
            detalle: M.cambioSaldo(toneladas(s.antesKilos), toneladas(f.kilos)),
          };
        }
        if (s.estado !== 'rechazada') return { estado: s.estado };
        if ('empresaInexistente' in s) return rechazada(M.empresaInexistente(f.codempre));
        if ('empresaFueraDeUnidad' in s) {
          return rechazada(M.unidadAjena(f.codempre, unidades.nombre(f.unineg)));
        }
        return rechazada(M.productoInexistente(f.codpro));
      });
    },
  },
};
