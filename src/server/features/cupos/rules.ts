/** What a quota order may hold beyond the form's own checks: pure, the service reads the data. */
import { SIN_ENVASE_ID, type CupoValidado } from '../../../shared/cupo-validacion';
import { TEXTOS_CUPOS } from '../../../shared/textos';

export interface Pertenencia {
  despacho?: { unineg: number; envase: 'S' | 'N'; activo: boolean; unidadActiva: boolean };
  /**
   * The quota being edited, as it is: its unit and dispatch type stay valid even if deactivated
   * since (issue 21). Absent for a new quota, which takes only active ones.
   */
  actual?: { unineg: number; coddespacho: number };
  envase?: { codempre: number; peso: number; activo: boolean };
  productos: Map<number, { nompro: string; habilitado: boolean; activo: boolean }>;
}

/**
 * What the form cannot know for sure: the dispatch type is of that unit, both active (or the
 * edited quota's own), the container of that client (and only when the dispatch type takes
 * one), every product one the client handles in that unit and still active (a deactivated product is
 * not ordered again).
 */
export function erroresDePertenencia(c: CupoValidado, p: Pertenencia): string[] {
  const errores: string[] = [];
  if (!p.despacho || p.despacho.unineg !== c.uniNeg) errores.push(TEXTOS_CUPOS.despachoAjeno);
  else if (!p.despacho.unidadActiva && p.actual?.unineg !== c.uniNeg) {
    errores.push(TEXTOS_CUPOS.unidadInactiva);
  } else if (!p.despacho.activo && p.actual?.coddespacho !== c.tipoDespacho) {
    errores.push(TEXTOS_CUPOS.despachoInactivo);
  } else if (p.despacho.envase === 'N' && c.envase !== SIN_ENVASE_ID) {
    errores.push(TEXTOS_CUPOS.granelSinEnvase);
  }
  if (
    c.envase !== SIN_ENVASE_ID &&
    (!p.envase || p.envase.codempre !== c.cliente || !p.envase.activo)
  ) {
    errores.push(TEXTOS_CUPOS.envaseAjeno);
  }
  for (const { codpro } of c.productos) {
    const producto = p.productos.get(codpro);
    if (!producto?.habilitado) {
      errores.push(TEXTOS_CUPOS.productoAjeno(producto?.nompro ?? String(codpro)));
    } else if (!producto.activo) errores.push(TEXTOS_CUPOS.productoInactivo(producto.nompro));
  }
  return errores;
}
