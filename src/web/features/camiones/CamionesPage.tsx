import './camiones.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import type { UmbralEspera } from '../../../shared/contracts/camiones';
import { NOMBRES_ESTADO, OPCIONES_ESTADO, type CodEstado } from '../../../shared/estados';
import { TEXTOS, TEXTOS_CAMIONES as T, TEXTOS_ESPERA } from '../../../shared/textos';
import { useSesion } from '../../lib/sesion';
import { useSeleccion } from '../../lib/seleccion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { IndicadorEnVivo } from '../../components/IndicadorEnVivo';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { useConfirmar } from '../../components/Confirmar';
import { ModalBloqueo } from '../../components/ModalBloqueo';
import { SelectorCliente, SelectorUnidad } from '../../components/Selectores';
import { ErrorApi } from '../../lib/api-client';
import { ANCHO_TELEFONO, useMediaQuery } from '../../lib/useMediaQuery';
import {
  camionesPlayaQuery,
  desasignarCupoCamionMutation,
  umbralesEsperaQuery,
  vincularCamionCupoMutation,
  type FiltrosCamiones,
} from './api';
import { contarConEspera, desfaseTerminal, textoDemoras } from './espera';
import { buscar, prepararFilas, type Orden } from './filas';
import { ModalCuposAsignados } from './ModalCuposAsignados';
import { ModalCuposDisponibles } from './ModalCuposDisponibles';
import { ModalPresentarTurno } from './ModalPresentarTurno';
import { ModalTickets } from './ModalTickets';
import { ModalUmbrales } from './ModalUmbrales';
import { TablaCamiones, type Accion } from './TablaCamiones';
import { TarjetasCamiones } from './TarjetasCamiones';
import { usePlayaEnVivo } from './usePlayaEnVivo';
import { useReloj } from './useReloj';

const mismosFiltros = (a: FiltrosCamiones, b: FiltrosCamiones) =>
  a.codempre === b.codempre && a.unineg === b.unineg && a.estado === b.estado;

/** Trucks in the yard (spec sections 2, 4, 5 and 8), at / and /camiones. */
export function CamionesPage() {
  const seleccion = useSeleccion();
  const { esAdministrador, uniNegs } = useSesion();
  const confirmar = useConfirmar();
  const telefono = useMediaQuery(ANCHO_TELEFONO);
  const [editandoUmbrales, setEditandoUmbrales] = useState(false);
  const [estado, setEstado] = useState(0);
  const [busqueda, setBusqueda] = useState('');
  const [orden, setOrden] = useState<Orden>('desc');
  const [filtros, setFiltros] = useState<FiltrosCamiones | null>(null);
  const [abierto, setAbierto] = useState<{ accion: Accion; camion: CamionEnPlaya } | null>(null);
  const [errores, setErrores] = useState<string[]>([]);

  // The list follows Filtrar, not the selects; the first time, the kept selection is applied.
  const { codempre, unineg } = seleccion;
  if (filtros === null && codempre !== undefined && unineg !== undefined) {
    setFiltros({ codempre, unineg, estado: 0 });
  }

  const enVivo = usePlayaEnVivo(filtros);
  const camiones = useQuery({
    ...camionesPlayaQuery(filtros ?? { codempre: 0, unineg: 0, estado: 0 }),
    enabled: filtros !== null && enVivo.listaHabilitada,
  });
  const filas = useMemo(
    () => (camiones.data ? prepararFilas(camiones.data) : null),
    [camiones.data],
  );
  // The waits: one clock for the screen, counted on the terminal's wall clock.
  const reloj = useReloj();
  const umbrales = useQuery(umbralesEsperaQuery);
  const desfase = useMemo(
    () => desfaseTerminal(umbrales.data?.ahora, umbrales.data?.recibido ?? reloj),
    [umbrales.data, reloj],
  );
  const ahora = reloj + desfase;
  const umbral = umbrales.data?.umbrales.find((u) => u.unineg === filtros?.unineg);
  // At phone width, cards instead of a table scrolled sideways (issue 15).
  const ListaCamiones = telefono ? TarjetasCamiones : TablaCamiones;
  // Buscar: the keystroke and the filtered table in one render, painted in one frame. The table
  // used to follow in a deferred render of its own (useDeferredValue): that was a second render
  // of the page and a second frame, and the first letter ran React's transition paths cold, about
  // twice the CPU of one render (issue 23). Filtering is one `includes` per row and only the rows
  // in view are mounted, so one render stays short at 5,000 trucks.
  const visibles = useMemo(
    () => (filas ? buscar(filas[orden], busqueda) : []),
    [filas, orden, busqueda],
  );
  const alternarOrden = useCallback(() => setOrden((o) => (o === 'desc' ? 'asc' : 'desc')), []);

  function filtrar(e: FormEvent) {
    e.preventDefault();
    if (codempre === undefined || unineg === undefined) return;
    const nuevos = { codempre, unineg, estado };
    if (filtros && mismosFiltros(filtros, nuevos)) void camiones.refetch();
    else setFiltros(nuevos);
  }

  const onAccion = useCallback((accion: Accion, camion: CamionEnPlaya) => {
    setErrores([]);
    setAbierto({ accion, camion });
  }, []);
  const cerrar = () => setAbierto(null);

  /**
   * The spec's success path of a link or unlink: toast, selection cleared, modal closed, top of
   * the page (the lists reload in api.ts). Or its red alert, with the server's reason when it
   * gives one ('Otro operador ya asignó…').
   */
  const reacciones = {
    onSuccess: () => {
      avisos.exito();
      setAbierto(null);
      window.scrollTo({ top: 0 });
    },
    onError: (e: Error) => {
      const motivo = e instanceof ErrorApi && e.status >= 400 && e.status < 500 ? e.msj : null;
      setErrores(motivo ? [TEXTOS.algoSalioMalAcento, motivo] : [TEXTOS.algoSalioMalAcento]);
    },
  };
  const vincular = useMutation({ ...vincularCamionCupoMutation, ...reacciones });
  const desasignar = useMutation({ ...desasignarCupoCamionMutation, ...reacciones });
  // The screen is blocked while the server decides.
  const bloqueado = vincular.isPending || desasignar.isPending;

  async function operar(confirmacion: string, hacer: () => void) {
    if (!(await confirmar(confirmacion))) return;
    setErrores([]);
    hacer();
  }

  const modal = abierto && filtros && (
    <>
      {abierto.accion === 'asignar' && (
        <ModalCuposDisponibles
          camion={abierto.camion}
          codempre={filtros.codempre}
          unineg={filtros.unineg}
          errores={errores}
          onCerrar={cerrar}
          onAsignar={(cupo) =>
            void operar(T.confirmarVincular, () =>
              vincular.mutate({
                ctrl: cupo.ctrl,
                codcamion: abierto.camion.ctrl,
                // The spec's modal has no amount: the truck takes the whole quota.
                cantidad: cupo.cantidad,
              }),
            )
          }
        />
      )}
      {(abierto.accion === 'ver' || abierto.accion === 'desasignar') && (
        <ModalCuposAsignados
          camion={abierto.camion}
          desasignar={abierto.accion === 'desasignar'}
          errores={errores}
          onCerrar={cerrar}
          onDesasignar={(cupo) =>
            void operar(T.confirmarDesvincular, () =>
              desasignar.mutate({ ctrl: cupo.ctrl, codcamion: abierto.camion.ctrl }),
            )
          }
        />
      )}
      {abierto.accion === 'ticket' && <ModalTickets camion={abierto.camion} onCerrar={cerrar} />}
      {abierto.accion === 'presentar' && (
        <ModalPresentarTurno camion={abierto.camion} onCerrar={cerrar} />
      )}
    </>
  );

  return (
    <section>
      <h1 className="titulo-pantalla">{T.titulo}</h1>
      <Form onSubmit={filtrar} className="mb-3" aria-label="Filtros">
        <Row className="g-2 align-items-end">
          <Col xs={12} md={6} xl={3}>
            <SelectorCliente />
          </Col>
          <Col xs={12} sm={6} md={3} xl={2}>
            <SelectorUnidad etiqueta="Tipo despacho" />
          </Col>
          <Col xs={12} sm={6} md={3} xl={2}>
            <Form.Group controlId="filtro-estado">
              <Form.Label>Estado</Form.Label>
              <Form.Select value={estado} onChange={(e) => setEstado(Number(e.target.value))}>
                {OPCIONES_ESTADO.map((o) => (
                  <option key={o.valor} value={o.valor}>
                    {o.texto}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={12} md={9} xl={3}>
            <Form.Group controlId="filtro-buscar">
              <Form.Label>Buscar</Form.Label>
              <Form.Control
                type="search"
                value={busqueda}
                autoComplete="off"
                onChange={(e) => setBusqueda(e.target.value)}
              />
            </Form.Group>
          </Col>
          <Col xs={12} md={3} xl={2}>
            <Button
              type="submit"
              className="w-100"
              disabled={seleccion.cargando || camiones.isFetching}
            >
              {camiones.isFetching && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {T.filtrar}
            </Button>
          </Col>
        </Row>
      </Form>

      {seleccion.error ? (
        <AlgoSalioMal />
      ) : filtros === null ? (
        seleccion.cargando ? (
          <Cargando />
        ) : (
          <p className="text-secondary py-3 mb-0">{T.sinCamiones}</p>
        )
      ) : camiones.isError ? (
        <AlgoSalioMal error={camiones.error} />
      ) : !camiones.data ? (
        // Only a new filter empties the screen: pressing Filtrar again keeps the table while
        // the list reloads (the button shows it is working).
        <Cargando />
      ) : visibles.length === 0 ? (
        <p className="text-secondary py-3 mb-0">{T.sinCamiones}</p>
      ) : (
        <>
          <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
            <ConteoEstados camiones={camiones.data} ahora={ahora} umbral={umbral} />
            <div className="d-flex flex-wrap align-items-baseline gap-3">
              <IndicadorEnVivo estado={enVivo.estado} ultima={enVivo.ultima} />
              {esAdministrador && (
                <Button
                  variant="outline-secondary"
                  size="sm"
                  className="mb-2"
                  onClick={() => setEditandoUmbrales(true)}
                >
                  {TEXTOS_ESPERA.umbrales}
                </Button>
              )}
            </div>
          </div>
          <ListaCamiones
            filas={visibles}
            busqueda={busqueda}
            orden={orden}
            onOrden={alternarOrden}
            onAccion={onAccion}
            resaltados={enVivo.resaltados}
            ahora={ahora}
            umbral={umbral}
          />
        </>
      )}

      {modal}
      {editandoUmbrales && filtros && (
        <ModalUmbrales
          unineg={filtros.unineg}
          nombreUnidad={uniNegs.find((u) => u.ctrl === filtros.unineg)?.unineg ?? ''}
          actual={umbral}
          onCerrar={() => setEditandoUmbrales(false)}
        />
      )}
      <ModalBloqueo visible={bloqueado} />
    </section>
  );
}

const ORDEN_DE_ESTADOS: CodEstado[] = [1, 2, 3, 4];

/**
 * How many trucks of the list are in each status, in the order a truck goes through them, and
 * how many of them are past the unit's wait thresholds: 'Playa sin orden: 12 (3 demorados)'.
 * Memoized: it counts the whole list, not the search, so a keystroke leaves it alone.
 */
const ConteoEstados = memo(function ConteoEstados({
  camiones,
  ahora,
  umbral,
}: {
  camiones: CamionEnPlaya[];
  ahora: number;
  umbral: UmbralEspera | undefined;
}) {
  const cuentas = useMemo(
    () => contarConEspera(camiones, ahora, umbral),
    [camiones, ahora, umbral],
  );
  return (
    <ul className="list-inline mb-2 small" aria-label="Resumen de la playa">
      {ORDEN_DE_ESTADOS.map((e) => {
        const demoras = textoDemoras(cuentas[e]);
        return (
          <li key={e} className="list-inline-item me-3">
            {NOMBRES_ESTADO[e]}: <strong>{cuentas[e].total}</strong>
            {demoras && (
              <span
                className={cuentas[e].excedidos ? 'text-danger-emphasis' : 'text-warning-emphasis'}
              >
                {' '}
                {demoras}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
});
