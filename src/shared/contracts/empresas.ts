/**
 * Companies: the clients a user may choose (the spec's clientes-empresas) and their administration
 * with their business units (issue 14).
 */
import { z } from 'zod';
import { codempre, entero, listaDeUnidades, texto, unidadNegocio } from './comun';

export const clientesEmpresasBody = z.strictObject({ codempre });

export const empresa = z.object({ codempre: z.number().int(), nomempre: z.string() });
export type Empresa = z.infer<typeof empresa>;

export const clientesEmpresasRespuesta = z.array(empresa);

export const empresaAdministrada = z.object({
  codempre: z.number().int(),
  nomempre: z.string(),
  /** The units it works in (the terminal, company 0, works in all and lists none). */
  unidades: z.array(unidadNegocio),
  usuarios: z.number().int(),
});
export type EmpresaAdministrada = z.infer<typeof empresaAdministrada>;
export const listaEmpresasAdministradas = z.array(empresaAdministrada);
export const crearEmpresaBody = z.strictObject({
  codempre: entero(1),
  nomempre: texto(100).min(1),
  unidades: listaDeUnidades,
});
export type CrearEmpresaBody = z.input<typeof crearEmpresaBody>;
export const unidadesEmpresaBody = z.strictObject({
  codempre: entero(1),
  unidades: listaDeUnidades,
});
