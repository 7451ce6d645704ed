import './auditoria.css';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { camposDeAuditoria, nombreDeAccion, nombreDeTabla } from '../../../shared/auditoria';
import type { FilaAuditoria } from '../../../shared/contracts/auditoria';
import { fechaHora19 } from '../../../shared/formato';
import { MasAntiguos } from '../../components/MasAntiguos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { ErrorApi, mensajeDeError } from '../../lib/api-client';
import { useExportacion } from '../../lib/excel';
import {
  auditoriaQuery,
  opcionesAuditoriaQuery,
  usuariosSugeridosQuery,
  type FiltrosAuditoria,
} from './api';
import { legible } from './cambios';
import { exportarAuditoria, leerParaExcel, MAXIMO_EXCEL } from './exportar';
import { TEXTOS_AUDITORIA as T } from './textos';
import { ProgresoExportacion } from '../../components/ProgresoExportacion';

interface Borrador {
  texto: string;
  desde: string;
  hasta: string;
  actor: string;
  accion: string;
  tabla: string;
  filaId: string;
}

const VACIO: Borrador = {
  texto: '',
  desde: '',
  hasta: '',
  actor: '',
  accion: '',
  tabla: '',
  filaId: '',
};

/** The codes the trail holds, each with its name, in the order of the names. */
const porNombre = (codigos: string[] | undefined, nombre: (c: string) => string) =>
  (codigos ?? [])
    .map((valor) => ({ valor, texto: nombre(valor) }))
    .sort((a, b) => a.texto.localeCompare(b.texto, 'es'));

/** The form's values as the API reads them: empty fields are no filter. */
function aFiltros(b: Borrador): FiltrosAuditoria {
  const filtros: FiltrosAuditoria = {};
  for (const [campo, valor] of Object.entries(b) as [keyof Borrador, string][]) {
    const limpio = valor.trim();
    if (limpio) filtros[campo] = limpio;
  }
  return filtros;
}

/** 'Auditoría' (issue 14): who did what to which row, newest first, for company 0's administrators. */
export function AuditoriaPage() {
  const opciones = useQuery(opcionesAuditoriaQuery);
  const usuarios = useQuery(usuariosSugeridosQuery);
  const [borrador, setBorrador] = useState<Borrador>(VACIO);
  const [filtros, setFiltros] = useState<FiltrosAuditoria>({});
  const [errorFechas, setErrorFechas] = useState(false);
  const consulta = useAuditoria(filtros);
  const { exportando, exportar } = useExportacion();
  const [leidas, setLeidas] = useState(0);
  const filas = consulta.data?.pages.flatMap((p) => p.filas) ?? [];
  const id = useId();

  const cambiar = (campo: keyof Borrador) => (e: { target: { value: string } }) =>
    setBorrador((b) => ({ ...b, [campo]: e.target.value }));

  const buscar = (e: FormEvent) => {
    e.preventDefault();
    const invertidas = !!borrador.desde && !!borrador.hasta && borrador.desde > borrador.hasta;
    setErrorFechas(invertidas);
    if (!invertidas) setFiltros(aFiltros(borrador));
  };
  const limpiar = () => {
    setBorrador(VACIO);
    setErrorFechas(false);
    setFiltros({});
  };

  const generarExcel = () =>
    void exportar(async () => {
      setLeidas(0);
      try {
        const { filas: todas, recortado } = await leerParaExcel(filtros, setLeidas);
        if (todas.length === 0) {
          avisos.advertencia(T.sinFilasParaExportar);
          return;
        }
        await exportarAuditoria(filtros, todas);
        if (recortado) avisos.advertencia(T.recorte(MAXIMO_EXCEL));
      } catch (e) {
        // The API's own words when it answered; anything else is 'Algo salió mal'.
        if (e instanceof ErrorApi) avisos.error(mensajeDeError(e));
        else throw e;
      }
    });

  const listo = consulta.isSuccess && !consulta.isFetching;

  return (
    <section className="pantalla-auditoria">
      <h1 className="titulo-pantalla">{T.titulo}</h1>
      <Form onSubmit={buscar} className="mb-3" aria-label="Filtros de la auditoría" noValidate>
        <Row className="g-2 align-items-end">
          <Col xs={12} lg={4}>
            <Form.Group controlId={`${id}-texto`}>
              <Form.Label>{T.texto}</Form.Label>
              <Form.Control
                type="search"
                value={borrador.texto}
                onChange={cambiar('texto')}
                maxLength={200}
                autoComplete="off"
                placeholder={T.textoEjemplo}
                aria-describedby={`${id}-texto-ayuda`}
              />
              <Form.Text id={`${id}-texto-ayuda`} className="visually-hidden">
                {T.textoAyuda}
              </Form.Text>
            </Form.Group>
          </Col>
          <Col xs={6} md={4} lg={2}>
            <Form.Group controlId={`${id}-desde`}>
              <Form.Label>{T.desde}</Form.Label>
              <Form.Control
                type="date"
                value={borrador.desde}
                onChange={cambiar('desde')}
                isInvalid={errorFechas}
              />
            </Form.Group>
          </Col>
          <Col xs={6} md={4} lg={2}>
            <Form.Group controlId={`${id}-hasta`}>
              <Form.Label>{T.hasta}</Form.Label>
              <Form.Control
                type="date"
                value={borrador.hasta}
                onChange={cambiar('hasta')}
                isInvalid={errorFechas}
              />
            </Form.Group>
          </Col>
          <Col xs={12} md={4} lg={4}>
            <Form.Group controlId={`${id}-usuario`}>
              <Form.Label>{T.usuario}</Form.Label>
              <Form.Control
                value={borrador.actor}
                onChange={cambiar('actor')}
                maxLength={100}
                autoComplete="off"
                list={`${id}-usuarios`}
              />
              <datalist id={`${id}-usuarios`}>
                {usuarios.data?.map((u) => (
                  <option key={u.id} value={u.usuario} />
                ))}
              </datalist>
            </Form.Group>
          </Col>
          <Col xs={6} md={4} lg={4}>
            <Form.Group controlId={`${id}-accion`}>
              <Form.Label>{T.accion}</Form.Label>
              <Form.Select
                value={borrador.accion}
                onChange={cambiar('accion')}
                disabled={!opciones.isSuccess}
              >
                <option value="">{T.todas}</option>
                {porNombre(opciones.data?.acciones, nombreDeAccion).map((a) => (
                  <option key={a.valor} value={a.valor}>
                    {a.texto}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={6} md={4} lg={4}>
            <Form.Group controlId={`${id}-tabla`}>
              <Form.Label>{T.tabla}</Form.Label>
              <Form.Select
                value={borrador.tabla}
                onChange={cambiar('tabla')}
                disabled={!opciones.isSuccess}
              >
                <option value="">{T.todas}</option>
                {porNombre(opciones.data?.tablas, nombreDeTabla).map((t) => (
                  <option key={t.valor} value={t.valor}>
                    {t.texto}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={12} md={4} lg={4}>
            <Form.Group controlId={`${id}-fila`}>
              <Form.Label>{T.fila}</Form.Label>
              <Form.Control
                value={borrador.filaId}
                onChange={cambiar('filaId')}
                maxLength={60}
                autoComplete="off"
                inputMode="numeric"
              />
            </Form.Group>
          </Col>
        </Row>
        {errorFechas && (
          <Alert variant="danger" className="mt-2 mb-0 py-2">
            {T.fechasInvertidas}
          </Alert>
        )}
        {opciones.isError && (
          <Alert variant="warning" className="mt-2 mb-0 py-2">
            {mensajeDeError(opciones.error)}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2 mt-2">
          <Button type="submit" variant="primary">
            {T.buscar}
          </Button>
          <Button type="button" variant="outline-secondary" onClick={limpiar}>
            {T.limpiar}
          </Button>
          <Button
            type="button"
            variant="success"
            className="ms-md-auto"
            onClick={generarExcel}
            disabled={!listo || filas.length === 0 || exportando}
          >
            {T.generarExcel}
          </Button>
        </div>
        {exportando && (
          <ProgresoExportacion texto={T.exportando(leidas)} leidas={leidas} maximo={MAXIMO_EXCEL} />
        )}
      </Form>
      <Resultado consulta={consulta} filas={filas} />
    </section>
  );
}

const useAuditoria = (filtros: FiltrosAuditoria) => useInfiniteQuery(auditoriaQuery(filtros));
type ConsultaAuditoria = ReturnType<typeof useAuditoria>;

function Resultado({ consulta, filas }: { consulta: ConsultaAuditoria; filas: FilaAuditoria[] }) {
  if (consulta.isPending) return <Cargando />;
  if (consulta.isError && filas.length === 0)
    return <AlgoSalioMal texto={mensajeDeError(consulta.error)} error={consulta.error} />;
  if (filas.length === 0) {
    return <p className="text-secondary py-3">{T.sinFilas}</p>;
  }
  return (
    <>
      <p className="small text-secondary mb-1" aria-live="polite">
        {T.cantidad(filas.length)}
      </p>
      <div className="tabla-desplazable">
        <Table size="sm" hover className="align-middle bg-white tabla-auditoria mb-2">
          <thead>
            <tr>
              <th>{T.columnas.fecha}</th>
              <th>{T.columnas.movimiento}</th>
              <th className="d-none d-md-table-cell">{T.columnas.ip}</th>
              <th>
                <span className="visually-hidden">{T.columnas.detalle}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {filas.map((f) => (
              <FilaConCambios key={f.id} fila={f} />
            ))}
          </tbody>
        </Table>
      </div>
      {consulta.isError && (
        <AlgoSalioMal texto={mensajeDeError(consulta.error)} error={consulta.error} />
      )}
      <MasAntiguos consulta={consulta} boton={T.masAntiguos} noHayMas={T.noHayMas} margen="mb-3" />
    </>
  );
}

/** A row of the trail as a sentence and, when opened, its fields and the record as stored. */
function FilaConCambios({ fila }: { fila: FilaAuditoria }) {
  const [abierta, setAbierta] = useState(false);
  const idDetalle = `auditoria-cambios-${fila.id}`;
  return (
    <Fragment>
      <tr className={abierta ? 'table-active' : undefined}>
        <td className="text-nowrap" data-etiqueta={T.columnas.fecha}>
          {fechaHora19(fila.fecha)}
        </td>
        <td className="celda-frase" data-etiqueta={T.columnas.movimiento}>
          {fila.frase}
        </td>
        <td className="d-none d-md-table-cell text-nowrap">{fila.ip}</td>
        <td className="text-end celda-detalle">
          <Button
            size="sm"
            variant="link"
            className="p-0 text-nowrap"
            aria-expanded={abierta}
            aria-controls={abierta ? idDetalle : undefined}
            onClick={() => setAbierta((a) => !a)}
          >
            {abierta ? T.ocultarDatos : T.verDatos}
          </Button>
        </td>
      </tr>
      {abierta && (
        <tr id={idDetalle} className="fila-cambios">
          <td colSpan={4}>
            <div className="detalle-auditoria">
              <Cambios fila={fila} />
              <section className="datos-originales" aria-label={T.datosOriginalesDe(fila.id)}>
                <h3 className="h6 mb-1">{T.datosOriginales}</h3>
                <p className="small mb-1 font-monospace">
                  {T.codigos(fila.accion, fila.tabla, fila.filaId)}
                </p>
                <pre className="valor-auditoria mb-0">
                  {legible({ antes: fila.antes, despues: fila.despues })}
                </pre>
              </section>
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** Before and after, field by field, as the screens name and write them; changes marked. */
function Cambios({ fila }: { fila: FilaAuditoria }) {
  const campos = camposDeAuditoria(fila);
  if (campos.length === 0) return <p className="small fst-italic mb-0">{T.sinCambios}</p>;
  return (
    <Table size="sm" bordered className="tabla-cambios mb-0" aria-label={T.cambiosDe(fila.id)}>
      <thead>
        <tr>
          <th scope="col">{T.campo}</th>
          <th scope="col">{T.antes}</th>
          <th scope="col">{T.despues}</th>
        </tr>
      </thead>
      <tbody>
        {campos.map((c, i) => (
          <tr key={i} className={c.cambio ? 'campo-cambiado' : undefined}>
            <th scope="row">
              {c.campo}
              {c.cambio && <span className="badge text-bg-warning ms-1">{T.cambio}</span>}
            </th>
            <td>
              <Valor valor={c.antes} />
            </td>
            <td>
              <Valor valor={c.despues} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function Valor({ valor }: { valor: string | null }) {
  if (valor === null) return <span className="fst-italic">{T.vacio}</span>;
  return <span className="valor-campo">{valor}</span>;
}
