/**
 * The dashboard's six sections (issue 16, part 1), each on its own call: a chart, its numbers
 * as a table that exports to Excel, and its loading, error and empty states.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TableroBody } from '../../../shared/contracts/tablero';
import { numeroAr } from '../../../shared/formato';
import {
  Grafico,
  segundosDeDia,
  segundosDeFechaLocal,
  type SerieGrafico,
} from '../../components/grafico';
import { tableroQuery, type DatosDe, type Seccion as NombreSeccion } from './api';
import { diaAr, diasEntre } from '../../lib/dias';
import { DESVIOS_MAXIMOS } from './dias';
import { GraficoYTabla, Seccion, type EstadoSeccion } from './Seccion';
import {
  ETAPAS,
  horasCompletas,
  tablaCamionesPorDia,
  tablaCamionesPorHora,
  tablaCupos,
  tablaDemorados,
  tablaDesvios,
  tablaRecorridos,
  tablaToneladas,
  horasDeTurnos,
  tablaPuntualidad,
  tablaTurnosPorDia,
  tablaTurnosPorHora,
} from './tablas';
import { TablaNumeros } from './TablaNumeros';

function useSeccion<S extends NombreSeccion>(
  seccion: S,
  cuerpo: TableroBody | null,
  vacia: (datos: DatosDe<S>) => boolean,
) {
  const q = useQuery(tableroQuery(seccion, cuerpo));
  const estado: EstadoSeccion = {
    cargando: q.isPending,
    actualizando: q.isPlaceholderData || (q.isFetching && !q.isPending),
    error: q.error,
    vacia: q.data ? vacia(q.data.datos) : false,
  };
  return { estado, datos: q.data?.datos, filtros: q.data?.filtros };
}

const rango = (f: TableroBody) => `del ${diaAr(f.desde)} al ${diaAr(f.hasta)}`;
const entero = (n: number) => numeroAr(n, 0);
const minutos = (n: number | null) => (n === null ? 'sin datos' : `${numeroAr(n, 1)} min`);
/**
 * A stage's headline: both figures named, in whole minutes ('mediana 171 min · p90 242 min');
 * the table under the chart keeps the tenths. Each figure stays on one line.
 */
function MedianaYP90({ p50, p90 }: { p50: number | null; p90: number | null }) {
  if (p50 === null || p90 === null) return <>sin datos</>;
  return (
    <>
      <span className="text-nowrap">mediana {numeroAr(p50, 0)} min</span>{' '}
      <span className="text-nowrap fw-normal">· p90 {numeroAr(p90, 0)} min</span>
    </>
  );
}

// ---------------------------------------------------------------------------------------------

export function SeccionCamiones({ cuerpo }: { cuerpo: TableroBody | null }) {
  const { estado, datos, filtros } = useSeccion('camiones', cuerpo, (d) =>
    d.dias.every((x) => x.ingresados === 0 && x.finalizados === 0),
  );
  const vista = useMemo(() => {
    if (!datos || !filtros) return null;
    const porDia = tablaCamionesPorDia(datos);
    const horas = datos.porHora ? horasCompletas(datos, filtros.desde, filtros.hasta) : [];
    const referencia =
      datos.capacidadHora === null
        ? null
        : { valor: datos.capacidadHora, nombre: 'Capacidad por hora' };
    const [, ingresados, finalizados] = porDia.total!;
    const capacidad =
      datos.capacidadHora === null
        ? 'sin capacidad declarada'
        : `capacidad de ${entero(datos.capacidadHora)} por hora`;
    const grafico = datos.porHora
      ? {
          resumen: `Camiones por hora ${rango(filtros)}: ${entero(ingresados as number)} ingresados y ${entero(finalizados as number)} finalizados; ${capacidad}.`,
          x: horas.map((h) => segundosDeFechaLocal(h.hora)),
          escala: 'hora' as const,
          series: [
            { nombre: 'Ingresados', valores: horas.map((h) => h.ingresados) },
            { nombre: 'Finalizados', valores: horas.map((h) => h.finalizados) },
          ] satisfies SerieGrafico[],
        }
      : {
          resumen: `Camiones por día ${rango(filtros)}: ${entero(ingresados as number)} ingresados y ${entero(finalizados as number)} finalizados; el máximo de finalizados en una hora contra la ${capacidad}.`,
          x: datos.dias.map((d) => segundosDeDia(d.dia)),
          escala: 'dia' as const,
          series: [
            { nombre: 'Ingresados', valores: datos.dias.map((d) => d.ingresados) },
            { nombre: 'Finalizados', valores: datos.dias.map((d) => d.finalizados) },
            {
              nombre: 'Máximo finalizados en una hora',
              tipo: 'linea',
              valores: datos.dias.map((d) => d.maximoHora),
            },
          ] satisfies SerieGrafico[],
        };
    return {
      porDia,
      porHora: datos.porHora ? tablaCamionesPorHora(horas) : null,
      grafico,
      referencia,
    };
  }, [datos, filtros]);

  return (
    <Seccion
      id="camiones"
      titulo={datos?.porHora === false ? 'Camiones por día' : 'Camiones por hora y por día'}
      estado={estado}
    >
      {vista && (
        <>
          <GraficoYTabla
            grafico={
              <Grafico {...vista.grafico} referencia={vista.referencia} etiquetaY="Camiones" />
            }
            tabla={<TablaNumeros tabla={vista.porDia} alta />}
          />
          {vista.porHora && (
            <details className="mt-3">
              <summary>Ver camiones hora por hora</summary>
              <div className="mt-2">
                <TablaNumeros tabla={vista.porHora} alta />
              </div>
            </details>
          )}
        </>
      )}
    </Seccion>
  );
}

// ---------------------------------------------------------------------------------------------

export function SeccionRecorridos({ cuerpo }: { cuerpo: TableroBody | null }) {
  const { estado, datos, filtros } = useSeccion(
    'recorridos',
    cuerpo,
    (d) => d.rango.camiones === 0 && d.demorados.length === 0,
  );
  const vista = useMemo(() => {
    if (!datos || !filtros) return null;
    const dias = datos.dias;
    const etapas = ETAPAS.filter((e) => e.clave !== 'total');
    return {
      tabla: tablaRecorridos(datos),
      demorados: tablaDemorados(datos),
      grafico: {
        resumen: `Tiempo de permanencia por día ${rango(filtros)}: ${entero(datos.rango.camiones)} camiones finalizados, mediana ${minutos(datos.rango.total.p50)} y percentil 90 ${minutos(datos.rango.total.p90)} de ingreso a finalizado.`,
        x: dias.map((d) => segundosDeDia(d.dia)),
        series: [
          ...etapas.map((e) => ({
            nombre: `${e.nombre} (mediana)`,
            valores: dias.map((d) => d[e.clave].p50),
          })),
          { nombre: 'Total (mediana)', tipo: 'linea', valores: dias.map((d) => d.total.p50) },
          {
            nombre: 'Total (p90)',
            tipo: 'linea',
            discontinua: true,
            color: '--bs-danger',
            valores: dias.map((d) => d.total.p90),
          },
        ] satisfies SerieGrafico[],
      },
    };
  }, [datos, filtros]);

  return (
    <Seccion id="recorridos" titulo="Tiempo de permanencia" estado={estado}>
      {vista && datos && (
        <>
          <dl className="cifras-tablero">
            <div>
              <dt>Camiones finalizados</dt>
              <dd>{entero(datos.rango.camiones)}</dd>
            </div>
            {ETAPAS.map((e) => (
              <div key={e.clave}>
                <dt>{e.clave === 'total' ? 'Permanencia total' : e.nombre}</dt>
                <dd>
                  <MedianaYP90 {...datos.rango[e.clave]} />
                </dd>
              </div>
            ))}
          </dl>
          {datos.rango.camiones > 0 && (
            <GraficoYTabla
              grafico={
                <Grafico {...vista.grafico} escala="dia" etiquetaY="Minutos" decimales={1} />
              }
              tabla={<TablaNumeros tabla={vista.tabla} alta />}
            />
          )}
          <h3 className="h6 mt-4">Camiones sobre los umbrales de espera ahora</h3>
          {datos.demorados.length === 0 ? (
            <p className="text-secondary mb-0">Ningún camión supera los umbrales de espera.</p>
          ) : (
            <TablaNumeros tabla={vista.demorados} alta />
          )}
        </>
      )}
    </Seccion>
  );
}

// ---------------------------------------------------------------------------------------------

export function SeccionToneladas({ cuerpo }: { cuerpo: TableroBody | null }) {
  const { estado, datos, filtros } = useSeccion('toneladas', cuerpo, (d) => d.dias.length === 0);
  const vista = useMemo(() => {
    if (!datos || !filtros) return null;
    const tabla = tablaToneladas(datos, filtros.desde, filtros.hasta);
    const dias = diasEntre(filtros.desde, filtros.hasta);
    const total = tabla.total![tabla.total!.length - 1] as number;
    return {
      tabla,
      grafico: {
        resumen: `Toneladas despachadas por producto ${rango(filtros)}: ${numeroAr(total, 3)} t en total, ${datos.productos.map((p, i) => `${p.nompro} ${numeroAr(tabla.total![i + 1] as number, 3)} t`).join(', ')}.`,
        x: dias.map(segundosDeDia),
        series: datos.productos.map((p, i) => ({
          nombre: p.nompro,
          valores: tabla.filas.map((f) => f[i + 1] as number),
        })),
      },
    };
  }, [datos, filtros]);

  return (
    <Seccion id="toneladas" titulo="Toneladas despachadas por producto" estado={estado}>
      {vista && (
        <GraficoYTabla
          grafico={
            <Grafico
              {...vista.grafico}
              escala="dia"
              barras="apiladas"
              etiquetaY="Toneladas"
              decimales={1}
            />
          }
          tabla={<TablaNumeros tabla={vista.tabla} alta />}
        />
      )}
    </Seccion>
  );
}

// ---------------------------------------------------------------------------------------------

export function SeccionCupos({ cuerpo }: { cuerpo: TableroBody | null }) {
  const { estado, datos, filtros } = useSeccion('cupos', cuerpo, (d) =>
    d.dias.every((x) => x.pedidos + x.usados + x.eliminados === 0),
  );
  const vista = useMemo(() => {
    if (!datos || !filtros) return null;
    const tabla = tablaCupos(datos);
    const [, pedidos, usados, eliminados] = tabla.total! as [string, number, number, number];
    return {
      tabla,
      grafico: {
        resumen: `Cupos por día ${rango(filtros)}: ${entero(pedidos)} pedidos, ${entero(usados)} usados y ${entero(eliminados)} eliminados sin usar.`,
        x: datos.dias.map((d) => segundosDeDia(d.dia)),
        series: [
          { nombre: 'Pedidos', valores: datos.dias.map((d) => d.pedidos) },
          { nombre: 'Usados', valores: datos.dias.map((d) => d.usados) },
          {
            nombre: 'Eliminados sin usar',
            color: '--bs-danger',
            valores: datos.dias.map((d) => d.eliminados),
          },
        ],
      },
    };
  }, [datos, filtros]);

  return (
    <Seccion id="cupos" titulo="Cupos" estado={estado}>
      {vista && (
        <GraficoYTabla
          grafico={<Grafico {...vista.grafico} escala="dia" etiquetaY="Cupos" />}
          tabla={<TablaNumeros tabla={vista.tabla} alta />}
        />
      )}
    </Seccion>
  );
}

// ---------------------------------------------------------------------------------------------

export function SeccionDesvios({ cuerpo }: { cuerpo: TableroBody | null }) {
  const { estado, datos } = useSeccion('desvios', cuerpo, (d) => d.total === 0);
  const tabla = useMemo(() => (datos ? tablaDesvios(datos) : null), [datos]);
  const tolerancia =
    datos?.toleranciaFaltante === null || datos?.toleranciaFaltante === undefined
      ? 'Sin tolerancia de faltante declarada: solo se listan los excesos sobre la carga máxima.'
      : `Se listan los excesos sobre la carga máxima y los faltantes de más del ${numeroAr(datos.toleranciaFaltante, 1)} %.`;
  return (
    <Seccion id="desvios" titulo="Desvíos de peso" estado={estado}>
      {datos && tabla && (
        <>
          <p className="small text-secondary">{tolerancia}</p>
          {datos.total > datos.desvios.length && (
            <p className="small" role="note">
              Se muestran los {entero(datos.desvios.length)} más recientes de {entero(datos.total)}{' '}
              desvíos (máximo {entero(DESVIOS_MAXIMOS)}).
            </p>
          )}
          <TablaNumeros tabla={tabla} alta />
        </>
      )}
    </Seccion>
  );
}

// ---------------------------------------------------------------------------------------------

const PARTES_PUNTUALIDAD = [
  { clave: 'aTiempo', nombre: 'A tiempo', clase: 'bg-success' },
  { clave: 'temprano', nombre: 'Temprano', clase: 'bg-warning' },
  { clave: 'tarde', nombre: 'Tarde', clase: 'bg-danger' },
  { clave: 'ausentes', nombre: 'Ausentes', clase: 'bg-dark' },
] as const;

type EmpresaTurnos = DatosDe<'turnos'>['empresas'][number];

/**
 * Punctuality per company as one bar each, split by how its settled bookings came (on time,
 * early, late, no-show), the same numbers as the table beside it. Each bar says its figures in
 * words (its label), never by color only.
 */
function GraficoPuntualidad({ empresas }: { empresas: EmpresaTurnos[] }) {
  const resueltas = empresas.filter((e) => e.aTiempo + e.temprano + e.tarde + e.ausentes > 0);
  return (
    <div className="grafico-puntualidad">
      <ul className="list-inline small mb-2" aria-hidden="true">
        {PARTES_PUNTUALIDAD.map((p) => (
          <li key={p.clave} className="list-inline-item">
            <span className={`muestra-puntualidad ${p.clase}`} /> {p.nombre}
          </li>
        ))}
      </ul>
      {resueltas.length === 0 ? (
        <p className="text-secondary small">Ningún turno del rango llegó ni faltó todavía.</p>
      ) : (
        <ul className="list-unstyled mb-0 puntualidad-barras">
          {resueltas.map((e) => {
            const total = e.aTiempo + e.temprano + e.tarde + e.ausentes;
            const texto = `${e.nomempre}: ${PARTES_PUNTUALIDAD.map((p) => `${p.nombre.toLowerCase()} ${entero(e[p.clave])}`).join(', ')}; ${e.puntualidad === null ? 'sin datos' : `${numeroAr(e.puntualidad, 1, 1)} % a tiempo`}.`;
            return (
              <li key={e.codempre} className="mb-2">
                <div className="small d-flex justify-content-between gap-2">
                  <span className="text-truncate">{e.nomempre}</span>
                  <span className="text-nowrap">
                    {e.puntualidad === null ? '–' : `${numeroAr(e.puntualidad, 1, 1)} %`}
                  </span>
                </div>
                <div
                  className="progress-stacked puntualidad-barra"
                  role="img"
                  aria-label={texto}
                  data-empresa={e.codempre}
                  data-valores={PARTES_PUNTUALIDAD.map((p) => e[p.clave]).join(',')}
                >
                  {PARTES_PUNTUALIDAD.map((p) =>
                    e[p.clave] > 0 ? (
                      <div
                        key={p.clave}
                        className="progress"
                        style={{ width: `${(e[p.clave] * 100) / total}%` }}
                      >
                        <div className={`progress-bar ${p.clase}`} />
                      </div>
                    ) : null,
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function SeccionTurnos({ cuerpo }: { cuerpo: TableroBody | null }) {
  const { estado, datos, filtros } = useSeccion('turnos', cuerpo, (d) =>
    d.dias.every((x) => x.capacidad === 0 && x.reservados === 0),
  );
  const vista = useMemo(() => {
    if (!datos || !filtros) return null;
    const porDia = tablaTurnosPorDia(datos);
    const [, capacidad, reservados, presentes, ausentes] = porDia.total! as number[];
    const cifras = `${entero(reservados!)} reservados de ${entero(capacidad!)} lugares, ${entero(presentes!)} llegados y ${entero(ausentes!)} ausentes`;
    const serie = (
      filas: { capacidad: number; reservados: number; presentes: number; ausentes: number }[],
    ) =>
      [
        { nombre: 'Reservados', valores: filas.map((f) => f.reservados) },
        { nombre: 'Llegados', valores: filas.map((f) => f.presentes) },
        { nombre: 'Ausentes', color: '--bs-danger', valores: filas.map((f) => f.ausentes) },
        { nombre: 'Capacidad', tipo: 'linea', valores: filas.map((f) => f.capacidad) },
      ] satisfies SerieGrafico[];
    const horas = datos.porHora ? horasDeTurnos(datos, filtros.desde, filtros.hasta) : [];
    const grafico = datos.porHora
      ? {
          resumen: `Turnos por hora ${rango(filtros)}: ${cifras}.`,
          x: horas.map((h) => segundosDeFechaLocal(h.hora)),
          escala: 'hora' as const,
          series: serie(horas),
        }
      : {
          resumen: `Turnos por día ${rango(filtros)}: ${cifras}.`,
          x: datos.dias.map((d) => segundosDeDia(d.dia)),
          escala: 'dia' as const,
          series: serie(datos.dias),
        };
    return {
      porDia,
      porHora: datos.porHora ? tablaTurnosPorHora(datos) : null,
      puntualidad: tablaPuntualidad(datos),
      grafico,
    };
  }, [datos, filtros]);

  return (
    <Seccion
      id="turnos"
      titulo={datos?.porHora === false ? 'Turnos por día' : 'Turnos por hora y por día'}
      estado={estado}
    >
      {vista && datos && (
        <>
          <GraficoYTabla
            grafico={<Grafico {...vista.grafico} etiquetaY="Turnos" />}
            tabla={<TablaNumeros tabla={vista.porDia} alta />}
          />
          {vista.porHora && (
            <details className="mt-3">
              <summary>Ver turnos hora por hora</summary>
              <div className="mt-2">
                <TablaNumeros tabla={vista.porHora} alta />
              </div>
            </details>
          )}
          <h3 className="h6 mt-4" id="titulo-puntualidad">
            Puntualidad por empresa
          </h3>
          <p className="small text-secondary">
            A tiempo: dentro de la franja más la tolerancia de la unidad; el porcentaje es sobre los
            turnos que ya llegaron o faltaron.
          </p>
          <GraficoYTabla
            grafico={<GraficoPuntualidad empresas={datos.empresas} />}
            tabla={<TablaNumeros tabla={vista.puntualidad} alta />}
          />
        </>
      )}
    </Seccion>
  );
}
