import '../../components/fila-cambiada.css';
import { memo } from 'react';
import Table from 'react-bootstrap/Table';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import type { UmbralEspera } from '../../../shared/contracts/camiones';
import { ESTADOS_CAMION } from '../../../shared/estados';
import {
  TEXTOS_CAMIONES as T,
  TEXTOS_ESPERA,
  TEXTOS_PRESENTAR_TURNO,
} from '../../../shared/textos';
import { useSesion } from '../../lib/sesion';
import { CabeceraOrdenable } from '../../components/CabeceraOrdenable';
import { esperaDe, type Espera, type NivelEspera } from './espera';
import type { FilaCamion, Orden, TurnoDeFila } from './filas';
import { useVirtualEnVentana } from './useVirtualEnVentana';

export type Accion = 'asignar' | 'ver' | 'desasignar' | 'ticket' | 'presentar';

/** Row actions by status code (spec section 2), in the spec's order and spelling. */
export const ACCIONES: Record<number, { accion: Accion; texto: string; variante: string }[]> = {
  [ESTADOS_CAMION.playaSinOrden]: [{ accion: 'asignar', texto: T.asignar, variante: 'primary' }],
  [ESTADOS_CAMION.playaConOrden]: [
    { accion: 'ver', texto: T.verCupo, variante: 'outline-secondary' },
    { accion: 'asignar', texto: T.asignar, variante: 'primary' },
    { accion: 'desasignar', texto: T.desasignar, variante: 'outline-danger' },
  ],
  [ESTADOS_CAMION.operando]: [{ accion: 'ver', texto: T.verCupo, variante: 'outline-secondary' }],
  [ESTADOS_CAMION.finalizado]: [{ accion: 'ticket', texto: T.ticket, variante: 'outline-primary' }],
};

export const CLASE_ESTADO: Record<number, string> = {
  1: 'text-bg-warning',
  2: 'text-bg-info',
  3: 'text-bg-primary',
  4: 'text-bg-secondary',
};

/** A row or card past a threshold: tinted, and said in words (never color only). */
export const CLASE_NIVEL: Record<NivelEspera, string | undefined> = {
  normal: undefined,
  demorado: 'espera-demorado',
  excedido: 'espera-excedido',
};

/** The wait, and 'Demorado' / 'Excedido' beside it when the truck is past a threshold. */
export function TextoEspera({ espera }: { espera: Pick<Espera, 'texto' | 'nivel'> }) {
  return (
    <>
      <span className="text-nowrap me-1">{espera.texto}</span>
      {espera.nivel !== 'normal' && (
        <span
          className={`badge ${espera.nivel === 'excedido' ? 'text-bg-danger' : 'text-bg-warning'}`}
        >
          {espera.nivel === 'excedido' ? TEXTOS_ESPERA.excedido : TEXTOS_ESPERA.demorado}
        </span>
      )}
    </>
  );
}

/** A truck's turn: its band and how it came ('10–11 A tiempo'); a dash without a booking. */
export function TextoTurno({ turno }: { turno: TurnoDeFila | null }) {
  if (!turno) return <>—</>;
  return (
    <>
      <span className="text-nowrap me-1">{turno.franja}</span>
      {turno.llegada && <span className={`badge ${turno.clase}`}>{turno.llegada}</span>}
    </>
  );
}

/**
 * An administrator at the gate also checks a truck without an order in with its turn (issue 24):
 * after the spec's buttons, so that theirs keep their place.
 */
const PRESENTAR = {
  accion: 'presentar' as const,
  texto: TEXTOS_PRESENTAR_TURNO.accion,
  variante: 'outline-primary',
};

/**
 * The row's buttons for its status (spec section 2), and 'Presentar turno' for the admin. Plain
 * <button>s with Bootstrap's classes, the same element and classes react-bootstrap's Button
 * draws: a keystroke in Buscar mounts a screenful of rows at once, and the component layer under
 * each button was part of that frame (issue 23).
 */
export const BotonesAccion = memo(function BotonesAccion({
  camion,
  esAdministrador,
  onAccion,
}: {
  camion: CamionEnPlaya;
  esAdministrador: boolean;
  onAccion: (accion: Accion, camion: CamionEnPlaya) => void;
}) {
  const acciones = ACCIONES[camion.codestado] ?? [];
  const todas =
    esAdministrador && camion.codestado === ESTADOS_CAMION.playaSinOrden
      ? [...acciones, PRESENTAR]
      : acciones;
  return (
    <div className="d-flex flex-wrap gap-1">
      {todas.map((a) => (
        <button
          key={a.accion}
          type="button"
          className={`btn btn-${a.variante} btn-sm`}
          onClick={() => onAccion(a.accion, camion)}
        >
          {a.texto}
        </button>
      ))}
    </div>
  );
});

/** What the table and the phone cards take: the same list, shown two ways. */
export interface PropsListaCamiones {
  filas: FilaCamion[];
  /** The text the rows were searched with: a new one draws the rows in view first. */
  busqueda?: string;
  orden: Orden;
  onOrden: () => void;
  onAccion: (accion: Accion, camion: CamionEnPlaya) => void;
  /** Trucks changed a moment ago (the live yard): their rows are marked. */
  resaltados?: ReadonlySet<number>;
  /** The terminal's wall clock now (ms, see espera.ts): the 'Espera' column counts to it. */
  ahora: number;
  /** The thresholds of the list's business unit, if it has any. */
  umbral?: UmbralEspera;
}

/**
 * The trucks table. Only the rows in view (and a margin around them) are in the DOM: at harvest
 * peak a yard has thousands of trucks, and drawing them all made each Buscar keystroke cost
 * seconds. The page scrolls as with a full table (window scrolling, spacer rows above and below),
 * and a fixed column layout keeps widths steady while rows come and go. Memoized: the page's
 * other renders (a modal opened, the selects) leave it alone.
 */
export const TablaCamiones = memo(function TablaCamiones({
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
  const { contenedor, items, medir, arriba, abajo } = useVirtualEnVentana<HTMLTableSectionElement>({
    cantidad: filas.length,
    tamanioEstimado: 45,
    overscan: 8,
    busqueda,
    overscanAlBuscar: 1,
    clave: (i) => filas[i]!.camion.ctrl,
  });

  return (
    <div className="tabla-desplazable">
      <Table hover size="sm" className="tabla-camiones align-middle mb-0">
        <colgroup>
          <col className="c-id" />
          <col className="c-cliente" />
          <col className="c-patente" />
          <col className="c-patente" />
          <col className="c-carga" />
          <col className="c-chofer" />
          <col className="c-dni" />
          <col className="c-ingreso" />
          <col className="c-estado" />
          <col className="c-espera" />
          <col className="c-cupo" />
          <col className="c-turno" />
          <col className="c-accion" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Cliente</th>
            <th scope="col">Patente chasis</th>
            <th scope="col">Patente acoplado</th>
            <th scope="col" className="text-end">
              Carga teórica
            </th>
            <th scope="col">Nombre chofer</th>
            <th scope="col">DNI</th>
            <CabeceraOrdenable texto="Ingreso" orden={orden} onOrden={onOrden} />
            <th scope="col">Estado</th>
            <th scope="col">Espera</th>
            <th scope="col">Cupo</th>
            <th scope="col">Turno</th>
            <th scope="col">Acción</th>
          </tr>
        </thead>
        <tbody ref={contenedor}>
          {arriba > 0 && <tr aria-hidden="true" style={{ height: arriba }} />}
          {items.map((item) => (
            <Fila
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
          {abajo > 0 && <tr aria-hidden="true" style={{ height: abajo }} />}
        </tbody>
      </Table>
    </div>
  );
});

/**
 * A truck's row. Its cells are a component of their own: when a keystroke in Buscar moves a row
 * that stays in view to another position, only the <tr> (its `data-index`) renders again, not
 * its cells (issue 23).
 */
const Fila = memo(function Fila({
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
  medir: (fila: HTMLTableRowElement | null) => void;
  esAdministrador: boolean;
  onAccion: PropsListaCamiones['onAccion'];
  resaltada: boolean;
  ahora: number;
  umbral: UmbralEspera | undefined;
}) {
  const espera = esperaDe(fila.camion, ahora, umbral);
  const clases = [resaltada ? 'fila-cambiada' : '', CLASE_NIVEL[espera.nivel] ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <tr ref={medir} data-index={indice} className={clases || undefined}>
      <CeldasFila
        fila={fila}
        textoEspera={espera.texto}
        nivelEspera={espera.nivel}
        esAdministrador={esAdministrador}
        onAccion={onAccion}
      />
    </tr>
  );
});

const CeldasFila = memo(function CeldasFila({
  fila,
  textoEspera,
  nivelEspera,
  esAdministrador,
  onAccion,
}: {
  fila: FilaCamion;
  textoEspera: string;
  nivelEspera: NivelEspera;
  esAdministrador: boolean;
  onAccion: PropsListaCamiones['onAccion'];
}) {
  const { camion } = fila;
  return (
    <>
      <td>{camion.ctrl}</td>
      <td>{camion.txtempresa}</td>
      <td>{camion.patcha}</td>
      <td>{camion.pataco}</td>
      <td className="text-end text-nowrap">{fila.carga}</td>
      <td>{camion.nomchofer}</td>
      <td>{camion.dni}</td>
      <td>{fila.ingreso}</td>
      <td>
        <span className={`badge ${CLASE_ESTADO[camion.codestado] ?? 'text-bg-light'}`}>
          {camion.nomestado}
        </span>
      </td>
      <td className="celda-espera">
        <TextoEspera espera={{ texto: textoEspera, nivel: nivelEspera }} />
      </td>
      <td>{camion.cupo_camion}</td>
      <td className="celda-turno">
        <TextoTurno turno={fila.turno} />
      </td>
      <td>
        <BotonesAccion camion={camion} esAdministrador={esAdministrador} onAccion={onAccion} />
      </td>
    </>
  );
});
