import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TipoDespacho } from '../../../shared/contracts/cupos';
import { SIN_ENVASE_ID, validarCupo } from '../../../shared/cupo-validacion';
import { despachosQuery, envasesQuery, productosQuery } from './api';
import type { FilaProducto, ValoresFormulario } from './formulario';

const numero = (texto: string) => (texto === '' ? undefined : Number(texto));

/** The quota's unit and dispatch type as saved (editing only). */
export interface CupoActual {
  unineg: number;
  despacho: TipoDespacho;
}

/**
 * The quota form's values, the catalogues they depend on and their derived validation. Changing
 * the client or the unit empties what was chosen from their lists (docs/decisions.md, "Cambios de
 * cliente y unidad").
 */
export function useFormularioCupo(
  inicial: ValoresFormulario,
  creando: boolean,
  actual?: CupoActual,
) {
  const [v, setV] = useState(inicial);

  const despachos = useQuery(despachosQuery(numero(v.uniNeg)));
  const envases = useQuery(envasesQuery(numero(v.cliente)));
  const productos = useQuery(productosQuery(numero(v.cliente), numero(v.uniNeg)));
  const listaDespachos = conDespachoActual(despachos.data, actual, v.uniNeg);

  const despacho = listaDespachos?.find((d) => String(d.coddespacho) === v.tipoDespacho);
  const validacion = validarCupo(v, v.productos, {
    creando,
    conEnvase: despacho && despacho.envase === 'S',
  });

  const cambiar = (cambio: Partial<ValoresFormulario>) => setV((x) => ({ ...x, ...cambio }));
  const sinProductos = (filas: FilaProducto[]) => filas.map((f) => ({ ...f, producto: '' }));

  // Containers belong to the client, dispatch types and products to the unit (and client):
  // what was chosen from the old lists no longer applies.
  const cambiarCliente = (valor: string) =>
    setV((x) => ({
      ...x,
      cliente: valor,
      envase: x.envase === String(SIN_ENVASE_ID) ? x.envase : '',
      productos: sinProductos(x.productos),
    }));
  const cambiarUnidad = (valor: string) =>
    setV((x) => ({
      ...x,
      uniNeg: valor,
      tipoDespacho: '',
      envase: '',
      productos: sinProductos(x.productos),
    }));
  // A bulk dispatch type has no container: -1, and the select is disabled (spec section 4).
  const cambiarDespacho = (valor: string) => {
    const elegido = listaDespachos?.find((d) => String(d.coddespacho) === valor);
    setV((x) => ({
      ...x,
      tipoDespacho: valor,
      envase:
        elegido?.envase === 'N'
          ? String(SIN_ENVASE_ID)
          : elegido?.envase === 'S' && x.envase === String(SIN_ENVASE_ID)
            ? ''
            : x.envase,
    }));
  };

  return {
    v,
    setV,
    cambiar,
    cambiarCliente,
    cambiarUnidad,
    cambiarDespacho,
    despachos,
    envases,
    productos,
    listaDespachos,
    despacho,
    sinEnvase: despacho?.envase === 'N',
    validacion,
  };
}

export type FormularioCupoEstado = ReturnType<typeof useFormularioCupo>;

/**
 * The unit's active dispatch types and, when editing in the quota's own unit, the quota's type
 * if it is no longer among them (deactivated), marked.
 */
function conDespachoActual(
  activos: TipoDespacho[] | undefined,
  actual: CupoActual | undefined,
  uniNeg: string,
): (TipoDespacho & { inactivo?: true })[] | undefined {
  if (!activos || !actual || String(actual.unineg) !== uniNeg) return activos;
  if (activos.some((d) => d.coddespacho === actual.despacho.coddespacho)) return activos;
  return [...activos, { ...actual.despacho, inactivo: true }];
}
