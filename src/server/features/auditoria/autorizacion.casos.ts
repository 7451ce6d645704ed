import { deAdministrador } from '../../test/administracion';
import type { CasoAutorizacion } from '../../test/autorizacion';

export const CASOS_AUDITORIA: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/administracion/auditoria',
    cuerpo: { tabla: 'cupos', limite: 10 },
    esperado: deAdministrador(200),
  },
  { ruta: 'GET /api/administracion/auditoria/opciones', esperado: deAdministrador(200) },
];
