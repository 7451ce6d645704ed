import { TIPO_NDJSON, TIPO_XLSX } from '../../../shared/contracts/importacion';
import { deAdministrador } from '../../test/administracion';
import type { CasoAutorizacion } from '../../test/autorizacion';
import { csv } from './datos-prueba';

/** A CSV of one company no call has used before. */
const empresaNueva = () =>
  csv([
    ['Código', 'Nombre', 'Unidades de negocio'],
    [
      String(300_000 + Math.floor(Math.random() * 1_000_000)),
      'Empresa de la matriz S.A.',
      'Granos',
    ],
  ]);

export const CASOS_IMPORTACION: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/administracion/importacion/revisar',
    url: '/api/administracion/importacion/revisar?archivo=empresas.csv',
    archivo: empresaNueva,
    tipo: TIPO_NDJSON,
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/importacion/aplicar',
    url: '/api/administracion/importacion/aplicar?archivo=empresas.csv',
    archivo: empresaNueva,
    tipo: TIPO_NDJSON,
    esperado: deAdministrador(200),
  },
  {
    ruta: 'GET /api/administracion/importacion/plantilla',
    tipo: TIPO_XLSX,
    esperado: deAdministrador(200),
  },
  {
    ruta: 'GET /api/administracion/importacion/plantilla/:clase',
    url: '/api/administracion/importacion/plantilla/saldos',
    tipo: 'text/csv',
    esperado: deAdministrador(200),
  },
];
