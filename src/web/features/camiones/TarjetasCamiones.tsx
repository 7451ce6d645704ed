import { memo } from 'react';
import Button from 'react-bootstrap/Button';
import type { UmbralEspera } from '../../../shared/contracts/camiones';
import { useSesion } from '../../lib/sesion';
import { esperaDe } from './espera';
import type { FilaCamion } from './filas';
import {
  BotonesAccion,
  CLASE_ESTADO,
  CLASE_NIVEL,
  TextoEspera,
  TextoTurno,
  type PropsListaCamiones,
} from './TablaCamiones';
import { useVirtualEnVentana } from './useVirtualEnVentana';

/**
 * The trucks at phone width (issue 15): one card per truck with what a person in the yard acts
 * on (plates, driver, status, wait, quota and the row's buttons) instead of a table scrolled
 * sideways. Like the table, only the cards in view are drawn (5,000 trucks at harvest peak), and
 * it is memoized (the page's other renders leave it alone).
 */
export const TarjetasCamiones = memo(function TarjetasCamiones({
  filas,
  busqueda,
  orden,
  onOrden,
  onAccion,
  resaltados,
  ahora,
  umbral,
}: PropsListaCamiones) {
  const { esAdministrador } = useSesion();
  const { contenedor, items, medir, arriba, abajo } = useVirtualEnVentana<HTMLUListElement>({
    cantidad: filas.length,
    tamanioEstimado: 190,
    overscan: 6,
    busqueda,
    overscanAlBuscar: 1,
    clave: (i) => filas[i]!.camion.ctrl,
  });

  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={onOrden}
          aria-label={`Ordenar por ingreso, ahora ${orden === 'desc' ? 'el más nuevo' : 'el más viejo'} primero`}
        >
          Ingreso <span aria-hidden="true">{orden === 'desc' ? '▼' : '▲'}</span>
        </Button>
      </div>
      <ul
        ref={contenedor}
        className="list-unstyled mb-0"
        aria-label="Camiones"
        style={{ paddingTop: arriba, paddingBottom: abajo }}
      >
        {items.map((item) => (
          <Tarjeta
            key={item.key}
            fila={filas[item.index]!}
            indice={item.index}
            medir={medir}
            esAdministrador={esAdministrador}
            onAccion={onAccion}
            resaltada={resaltados?.has(filas[item.index]!.camion.ctrl) ?? false}
            ahora={ahora}
            umbral={umbral}
          />
        ))}
      </ul>
    </>
  );
});

const Tarjeta = memo(function Tarjeta({
  fila,
  indice,
  medir,
  esAdministrador,
  onAccion,
  resaltada,
  ahora,
  umbral,
}: {
  fila: FilaCamion;
  indice: number;
  medir: (elemento: HTMLLIElement | null) => void;
  esAdministrador: boolean;
  onAccion: PropsListaCamiones['onAccion'];
  resaltada: boolean;
  ahora: number;
  umbral: UmbralEspera | undefined;
}) {
  const { camion } = fila;
  const espera = esperaDe(camion, ahora, umbral);
  const clases = [
    'tarjeta-camion card mb-2',
    CLASE_NIVEL[espera.nivel],
    resaltada && 'fila-cambiada',
  ]
    .filter(Boolean)
    .join(' ');
  const titulo = `tarjeta-camion-${camion.ctrl}`;
  return (
    <li ref={medir} data-index={indice} className="pb-1">
      <article className={clases} aria-labelledby={titulo}>
        <div className="card-body p-2">
          <div className="d-flex justify-content-between align-items-start gap-2 mb-1">
            <h2 id={titulo} className="h6 mb-0">
              {camion.patcha}
              {camion.pataco && <span className="fw-normal"> / {camion.pataco}</span>}
            </h2>
            <span className={`badge ${CLASE_ESTADO[camion.codestado] ?? 'text-bg-light'}`}>
              {camion.nomestado}
            </span>
          </div>
          <dl className="small">
            <dt>Espera</dt>
            <dd>
              <TextoEspera espera={espera} />
            </dd>
            <dt>Chofer</dt>
            <dd>
              {camion.nomchofer} (DNI {camion.dni})
            </dd>
            <dt>Cupo</dt>
            <dd>{camion.cupo_camion ?? '—'}</dd>
            <dt>Turno</dt>
            <dd>
              <TextoTurno turno={fila.turno} />
            </dd>
            <dt>Ingreso</dt>
            <dd>{fila.ingreso}</dd>
            <dt>Carga</dt>
            <dd>{fila.carga}</dd>
            <dt>ID</dt>
            <dd>
              {camion.ctrl} · {camion.txtempresa}
            </dd>
          </dl>
          <BotonesAccion camion={camion} esAdministrador={esAdministrador} onAccion={onAccion} />
        </div>
      </article>
    </li>
  );
});
