import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import type { DetalleCupoRespuesta } from '../../../shared/contracts/cupos';
import { SIN_ENVASE_ID } from '../../../shared/cupo-validacion';
import { fechaHora19, numeroAr } from '../../../shared/formato';
import { ETIQUETAS_CUPO, TEXTOS_CUPOS as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { detalleCupoQuery } from './api';

/** 'Kilos' for bulk, 'Unidades' for containers (spec section 4). */
export const unidadDeCarga = (sinEnvase: boolean) => (sinEnvase ? T.kilos : T.unidades);

/** Modal 'Detalle cupo': Cabecera, Items and, when there are any, Envases vacios (spec 2). */
export function DetalleCupoModal({
  codorden,
  onCerrar,
}: {
  codorden: number;
  onCerrar: () => void;
}) {
  const detalle = useQuery(detalleCupoQuery(codorden));
  return (
    <Modal show onHide={onCerrar} centered scrollable aria-labelledby="detalle-cupo-titulo">
      <Modal.Header closeButton>
        <Modal.Title id="detalle-cupo-titulo" as="h2" className="h5">
          {T.detalleTitulo}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {detalle.isPending ? (
          <Cargando />
        ) : detalle.isError ? (
          <AlgoSalioMal error={detalle.error} />
        ) : (
          <Contenido {...detalle.data.detalleCupo} />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCerrar}>
          {T.cerrar}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function Contenido({ cupo, productos, envasesVacios }: DetalleCupoRespuesta['detalleCupo']) {
  const c = cupo[0];
  if (!c) return <AlgoSalioMal />;
  const filas: [string, string][] = [
    ['N° de cupo', String(c.ctrl)],
    [ETIQUETAS_CUPO.tipoOrden, c.tipodesc],
    [ETIQUETAS_CUPO.tipoDespacho, c.nomdespacho],
    [ETIQUETAS_CUPO.envase, c.nombreenvase],
    [T.cargaMaxima, `${numeroAr(c.cantidad)} ${unidadDeCarga(c.tipenvase === SIN_ENVASE_ID)}`],
    [ETIQUETAS_CUPO.conCoating, c.couting ? 'Sí' : 'No'],
    ['Fecha Gen.', fechaHora19(c.fechagen)],
    [ETIQUETAS_CUPO.observaciones, c.obs ?? ''],
  ];
  return (
    <>
      <Seccion id="detalle-cabecera" titulo={T.cabecera}>
        <dl className="mb-3">
          {filas.map(([etiqueta, valor]) => (
            <div key={etiqueta} className="d-flex gap-2 border-bottom py-1">
              <dt className="fw-semibold flex-shrink-0" style={{ width: '40%' }}>
                {etiqueta}
              </dt>
              <dd className="mb-0 text-break">{valor}</dd>
            </div>
          ))}
        </dl>
      </Seccion>
      <Seccion id="detalle-items" titulo={T.items}>
        <NombreYValor
          encabezado={[ETIQUETAS_CUPO.producto, ETIQUETAS_CUPO.porcentaje]}
          filas={productos.map((p) => [p.ctrl, p.nompro, `${numeroAr(p.porcentaje, 1)} %`])}
        />
      </Seccion>
      {envasesVacios.length > 0 && (
        <Seccion id="detalle-envases" titulo={T.envasesVacios}>
          <NombreYValor
            filas={envasesVacios.map((e) => [
              e.ctrlenvase,
              e.nombre,
              `${numeroAr(e.unidades, 0)} U`,
            ])}
          />
        </Seccion>
      )}
    </>
  );
}

function Seccion({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="h6 text-uppercase text-secondary">
        {titulo}
      </h3>
      {children}
    </section>
  );
}

/** A small table: a name and its value, right-aligned. */
function NombreYValor(props: {
  encabezado?: [string, string];
  filas: [clave: number, nombre: string, valor: string][];
}) {
  return (
    <Table size="sm" className="mb-3">
      {props.encabezado && (
        <thead>
          <tr>
            <th>{props.encabezado[0]}</th>
            <th className="text-end">{props.encabezado[1]}</th>
          </tr>
        </thead>
      )}
      <tbody>
        {props.filas.map(([clave, nombre, valor]) => (
          <tr key={clave}>
            <td>{nombre}</td>
            <td className="text-end">{valor}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
