import { useQuery } from '@tanstack/react-query';
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
          <AlgoSalioMal />
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
      <section aria-labelledby="detalle-cabecera">
        <h3 id="detalle-cabecera" className="h6 text-uppercase text-secondary">
          {T.cabecera}
        </h3>
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
      </section>
      <section aria-labelledby="detalle-items">
        <h3 id="detalle-items" className="h6 text-uppercase text-secondary">
          {T.items}
        </h3>
        <Table size="sm" className="mb-3">
          <thead>
            <tr>
              <th>{ETIQUETAS_CUPO.producto}</th>
              <th className="text-end">{ETIQUETAS_CUPO.porcentaje}</th>
            </tr>
          </thead>
          <tbody>
            {productos.map((p) => (
              <tr key={p.ctrl}>
                <td>{p.nompro}</td>
                <td className="text-end">{numeroAr(p.porcentaje, 1)} %</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      {envasesVacios.length > 0 && (
        <section aria-labelledby="detalle-envases">
          <h3 id="detalle-envases" className="h6 text-uppercase text-secondary">
            {T.envasesVacios}
          </h3>
          <Table size="sm" className="mb-0">
            <tbody>
              {envasesVacios.map((e) => (
                <tr key={e.ctrlenvase}>
                  <td>{e.nombre}</td>
                  <td className="text-end">{numeroAr(e.unidades, 0)} U</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
    </>
  );
}
