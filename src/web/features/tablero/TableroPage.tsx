import './tablero.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { TableroBody } from '../../../shared/contracts/tablero';
import { useSeleccion } from '../../lib/seleccion';
import { useSesion } from '../../lib/sesion';
import { SelectorUnidad } from '../../components/Selectores';
import { claves } from '../../lib/claves';
import { tableroQuery } from './api';
import { errorDeRango } from '../../lib/dias';
import { RANGOS_RAPIDOS, rangoPorDefecto } from './dias';
import { DeQuienDelTablero } from './de-quien';
import { ModalParametros } from './ModalParametros';
import type { DeQuienTablero } from './tablas';
import {
  SeccionCamiones,
  SeccionCupos,
  SeccionDesvios,
  SeccionRecorridos,
  SeccionToneladas,
  SeccionTurnos,
} from './Secciones';

/**
 * 'Tablero' (issue 16): the terminal at a glance for a business unit and a range of days. An
 * administrator sees every client or one; a client user only their own company (the server
 * decides that, whatever the body says).
 */
export function TableroPage() {
  const sesion = useSesion();
  const { empresas, unidades, unineg } = useSeleccion();
  const cliente = useQueryClient();
  // The administrator's client: all of them unless one is chosen (not the kept selection of
  // the other screens, which always holds one company).
  const [codempre, setCodempre] = useState<number | null>(null);
  // The range typed (a draft) and the range shown: 'Actualizar' applies the draft, so typing
  // a year digit by digit does not ask for every intermediate range.
  const [borrador, setBorrador] = useState(rangoPorDefecto);
  const [rango, setRango] = useState(borrador);
  const [errorRango, setErrorRango] = useState<string | null>(null);
  const [parametros, setParametros] = useState(false);

  const cuerpo = useMemo<TableroBody | null>(
    () =>
      unineg === undefined
        ? null
        : {
            unineg,
            ...(sesion.esAdministrador && codempre !== null ? { codempre } : {}),
            desde: rango.desde,
            hasta: rango.hasta,
          },
    [unineg, codempre, rango, sesion.esAdministrador],
  );

  /** Shows `nuevo` (what 'Actualizar' does with the typed dates, and a quick range at once). */
  function aplicar(nuevo: { desde: string; hasta: string }) {
    const error = errorDeRango(nuevo.desde, nuevo.hasta);
    setErrorRango(error);
    if (error) return;
    if (nuevo.desde === rango.desde && nuevo.hasta === rango.hasta) {
      // The same range: the numbers are asked for again (trucks moved since).
      void cliente.invalidateQueries({ queryKey: claves.tablero.todos });
    } else setRango(nuevo);
  }

  function actualizar(e: FormEvent) {
    e.preventDefault();
    aplicar(borrador);
  }

  // A quick range is a whole range: pressed, it fills both dates and applies them at once (the
  // draft and 'Actualizar' are for dates typed digit by digit). Its button stays pressed while
  // the dates are its days; the clock is read when the screen draws and when a button is pressed.
  const ahora = new Date();
  const rapido = (r: { desde: string; hasta: string }) => {
    setBorrador(r);
    aplicar(r);
  };

  // The dialog starts from the unit's values as the sections received them.
  const camiones = useQuery(tableroQuery('camiones', cuerpo));
  const desvios = useQuery(tableroQuery('desvios', cuerpo));
  const nombreUnidad = unidades.find((u) => u.ctrl === unineg)?.unineg ?? '';
  // An exported table's file says whose numbers it holds (issue 22): the client chosen (all of
  // them for an administrator who chose none; a client's own company), the unit and the range.
  const deQuien = useMemo<DeQuienTablero>(() => {
    const de = sesion.esAdministrador ? codempre : sesion.codempre;
    return {
      cliente: de === null ? 'Todos los clientes' : empresas.find((e) => e.codempre === de),
      unidad: nombreUnidad,
      desde: rango.desde,
      hasta: rango.hasta,
    };
  }, [sesion.esAdministrador, sesion.codempre, codempre, empresas, nombreUnidad, rango]);

  return (
    <section className="pantalla-tablero">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="titulo-pantalla mb-0">Tablero</h1>
        {sesion.esAdministrador && unineg !== undefined && (
          <Button
            variant="outline-secondary"
            size="sm"
            className="ms-auto d-print-none"
            onClick={() => setParametros(true)}
          >
            Parámetros del tablero
          </Button>
        )}
      </div>
      <Form onSubmit={actualizar} noValidate className="mb-3 filtros-tablero">
        <Row className="g-2 align-items-end">
          {sesion.esAdministrador && (
            <Col xs={12} md={4} lg={3}>
              <Form.Group controlId="tablero-cliente">
                <Form.Label>Cliente</Form.Label>
                <Form.Select
                  value={codempre ?? ''}
                  onChange={(e) =>
                    setCodempre(e.target.value === '' ? null : Number(e.target.value))
                  }
                >
                  <option value="">Todos los clientes</option>
                  {empresas
                    .filter((e) => e.codempre !== 0)
                    .map((e) => (
                      <option key={e.codempre} value={e.codempre}>
                        {e.nomempre}
                      </option>
                    ))}
                </Form.Select>
              </Form.Group>
            </Col>
          )}
          <Col xs={12} md={3} lg={2}>
            <SelectorUnidad id="tablero-unidad" />
          </Col>
          <Col xs={12} md="auto" className="d-print-none">
            <div className="form-label" id="tablero-rango-rapido">
              Rango rápido
            </div>
            <ButtonGroup aria-labelledby="tablero-rango-rapido" className="w-100 rangos-rapidos">
              {RANGOS_RAPIDOS.map((r) => {
                const suyo = r.rango(ahora);
                const pulsado = suyo.desde === borrador.desde && suyo.hasta === borrador.hasta;
                return (
                  <Button
                    key={r.nombre}
                    variant="outline-secondary"
                    active={pulsado}
                    aria-pressed={pulsado}
                    className="text-nowrap"
                    onClick={() => rapido(r.rango(new Date()))}
                  >
                    {r.nombre}
                  </Button>
                );
              })}
            </ButtonGroup>
          </Col>
          <Col xs={6} md="auto">
            <Form.Group controlId="tablero-desde">
              <Form.Label>Desde</Form.Label>
              <Form.Control
                type="date"
                value={borrador.desde}
                max={borrador.hasta || undefined}
                isInvalid={errorRango !== null}
                aria-describedby={errorRango ? 'tablero-error-rango' : undefined}
                onChange={(e) => setBorrador((b) => ({ ...b, desde: e.target.value }))}
              />
            </Form.Group>
          </Col>
          <Col xs={6} md="auto">
            <Form.Group controlId="tablero-hasta">
              <Form.Label>Hasta</Form.Label>
              <Form.Control
                type="date"
                value={borrador.hasta}
                min={borrador.desde || undefined}
                isInvalid={errorRango !== null}
                aria-describedby={errorRango ? 'tablero-error-rango' : undefined}
                onChange={(e) => setBorrador((b) => ({ ...b, hasta: e.target.value }))}
              />
            </Form.Group>
          </Col>
          <Col xs={12} md="auto" className="d-print-none">
            <Button type="submit" variant="primary" className="w-100">
              Actualizar
            </Button>
          </Col>
        </Row>
        {errorRango && (
          <div id="tablero-error-rango" className="text-danger small mt-1" role="alert">
            {errorRango}
          </div>
        )}
      </Form>

      <DeQuienDelTablero.Provider value={deQuien}>
        <SeccionCamiones cuerpo={cuerpo} />
        <SeccionRecorridos cuerpo={cuerpo} />
        <SeccionToneladas cuerpo={cuerpo} />
        <SeccionCupos cuerpo={cuerpo} />
        <SeccionDesvios cuerpo={cuerpo} />
        <SeccionTurnos cuerpo={cuerpo} />
      </DeQuienDelTablero.Provider>

      {parametros && unineg !== undefined && (
        <ModalParametros
          unineg={unineg}
          nombreUnidad={nombreUnidad}
          capacidadHora={camiones.data?.datos.capacidadHora}
          toleranciaFaltante={desvios.data?.datos.toleranciaFaltante}
          onCerrar={() => setParametros(false)}
        />
      )}
    </section>
  );
}
