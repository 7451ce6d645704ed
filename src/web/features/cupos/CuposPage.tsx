import '../../components/fila-cambiada.css';
import '../../components/tabla-apilada.css';
import './cupos.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { CupoDisponible } from '../../../shared/contracts/cupos';
import { fechaHora19, numeroAr, obsCorta } from '../../../shared/formato';
import { TEXTOS_CUPOS as T } from '../../../shared/textos';
import { paths } from '../../lib/paths';
import { useSeleccion } from '../../lib/seleccion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { IndicadorEnVivo } from '../../components/IndicadorEnVivo';
import { useConfirmar } from '../../components/Confirmar';
import { FilaSelectores } from '../../components/Selectores';
import { ErrorApi } from '../../lib/api-client';
import { cuposDisponiblesQuery } from '../../lib/cupos-disponibles';
import { eliminarCupoMutation, limpiarCuposMutation } from './api';
import { DetalleCupoModal } from './DetalleCupoModal';
import { useCuposEnVivo } from './useCuposEnVivo';

/** 'Algo salió mal.' (spec section 8), and the server's reason when it gave one (a 4xx). */
function falloDeEliminacion(error: unknown): string[] {
  const motivo = error instanceof ErrorApi && error.status >= 400 && error.status < 500;
  return motivo ? [T.errorEliminar, error.msj] : [T.errorEliminar];
}

/** 'Listado de cupos disponibles' (spec sections 2, 4, 5; design section 5). */
export function CuposPage() {
  const { codempre, unineg, cargando, error } = useSeleccion();
  const cupos = useQuery(cuposDisponiblesQuery(codempre, unineg));
  // A quota linked to a truck leaves the list at once; one unlinked comes back, marked.
  const enVivo = useCuposEnVivo(codempre, unineg);
  const confirmar = useConfirmar();
  const [detalle, setDetalle] = useState<number | null>(null);
  const [fallo, setFallo] = useState<string[] | null>(null);
  const alFallar = { onError: (e: Error) => setFallo(falloDeEliminacion(e)) };
  // The list loads again either way (api.ts): a failure may mean someone else changed it.
  const eliminar = useMutation({ ...eliminarCupoMutation, ...alFallar });
  const limpiar = useMutation({
    ...limpiarCuposMutation,
    ...alFallar,
    onSuccess: ({ eliminados }) => avisos.exito(T.cuposEliminados(eliminados)),
  });
  /** The quota being deleted, or 'limpiar': its buttons wait for the answer. */
  const ocupado = limpiar.isPending ? 'limpiar' : eliminar.isPending ? eliminar.variables : null;

  async function confirmarY(mensaje: string, hacer: () => void) {
    if (!(await confirmar(mensaje))) return;
    setFallo(null);
    hacer();
  }

  const alEliminar = (ctrl: number) => confirmarY(T.confirmarEliminar, () => eliminar.mutate(ctrl));

  const alLimpiar = () => {
    if (codempre === undefined || unineg === undefined) return;
    return confirmarY(T.confirmarLimpiar, () =>
      limpiar.mutate({ codEmpre: codempre, uniNeg: unineg }),
    );
  };

  const lista = cupos.data?.resultado ?? [];
  return (
    <section>
      <h1 className="titulo-pantalla">{T.titulo}</h1>
      <FilaSelectores>
        <Link to={paths.cupoAlta} className="btn btn-primary">
          {T.nuevo}
        </Link>
        <Button
          variant="danger"
          onClick={() => void alLimpiar()}
          disabled={lista.length === 0 || ocupado !== null}
        >
          {T.limpiar}
        </Button>
      </FilaSelectores>

      <IndicadorEnVivo estado={enVivo.estado} ultima={enVivo.ultima} />

      {fallo && (
        <Alert variant="danger" dismissible onClose={() => setFallo(null)}>
          {fallo.map((linea) => (
            <div key={linea}>{linea}</div>
          ))}
        </Alert>
      )}

      {cupos.isError || error ? (
        <AlgoSalioMal error={cupos.error} />
      ) : cargando || (cupos.isPending && cupos.fetchStatus !== 'idle') ? (
        <Cargando />
      ) : (
        <div className="tabla-desplazable">
          {/* At phone width each quota is a card (tabla-apilada): nothing scrolls sideways. */}
          <Table
            striped
            hover
            size="sm"
            className="align-middle bg-white tabla-apilada tabla-cupos"
          >
            <thead>
              <tr>
                <th>Fecha Gen.</th>
                <th>Despacho</th>
                <th>Envase</th>
                <th>Mezcla</th>
                <th className="text-end">Cantidad</th>
                <th>Obs</th>
                <th>Acciones</th>
              </tr>
            </thead>
            <tbody>
              {lista.length === 0 ? (
                <tr>
                  <td colSpan={7} className="text-center text-secondary py-3">
                    {T.sinCupos}
                  </td>
                </tr>
              ) : (
                lista.map((c) => (
                  <FilaCupo
                    key={c.ctrl}
                    cupo={c}
                    ocupada={ocupado === c.ctrl || ocupado === 'limpiar'}
                    resaltada={enVivo.resaltados.has(c.ctrl)}
                    onDetalle={() => setDetalle(c.ctrl)}
                    onEliminar={() => void alEliminar(c.ctrl)}
                  />
                ))
              )}
            </tbody>
          </Table>
        </div>
      )}

      {detalle !== null && (
        <DetalleCupoModal codorden={detalle} onCerrar={() => setDetalle(null)} />
      )}
    </section>
  );
}

function FilaCupo(props: {
  cupo: CupoDisponible;
  ocupada: boolean;
  /** It just came back to the list (unlinked from a truck). */
  resaltada: boolean;
  onDetalle: () => void;
  onEliminar: () => void;
}) {
  const c = props.cupo;
  return (
    <tr className={props.resaltada ? 'fila-cambiada' : undefined}>
      <td className="text-nowrap" data-etiqueta="Fecha Gen.">
        {fechaHora19(c.fechagen)}
      </td>
      <td className="text-nowrap" data-etiqueta="Despacho">
        {c.nomdespacho}
      </td>
      <td className="text-nowrap" data-etiqueta="Envase">
        {c.nombreenvase}
      </td>
      <td className="columna-mezcla" data-etiqueta="Mezcla">
        {c.mezcla}
      </td>
      <td className="text-end text-nowrap" data-etiqueta="Cantidad">
        {numeroAr(c.cantidad)}
      </td>
      <td className="text-nowrap" data-etiqueta="Obs" title={c.obs ?? undefined}>
        {obsCorta(c.obs)}
      </td>
      <td className="celda-acciones">
        <div className="d-flex gap-1 flex-nowrap">
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={props.onDetalle}
            aria-label={`Detalle del cupo ${c.ctrl}`}
          >
            Detalle
          </Button>
          <Link
            to={paths.cupoModificar(c.ctrl)}
            className="btn btn-sm btn-outline-primary"
            aria-label={`Modificar el cupo ${c.ctrl}`}
          >
            Modificar
          </Link>
          <Button
            size="sm"
            variant="outline-danger"
            onClick={props.onEliminar}
            disabled={props.ocupada}
            aria-label={`Eliminar el cupo ${c.ctrl}`}
          >
            Eliminar
          </Button>
        </div>
      </td>
    </tr>
  );
}
