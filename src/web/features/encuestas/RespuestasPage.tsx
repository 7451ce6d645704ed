import '../../components/tabla-tarjetas.css';
import './encuestas.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import type { FilaRespuesta } from '../../../shared/contracts/encuestas';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { paths } from '../../lib/paths';
import { useSesion } from '../../lib/sesion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { encuestaQuery, idDeRuta, respuestasQuery } from './api';
import { SinPermiso } from './EncuestasAdminPage';
import { useExportacion } from '../../lib/excel';
import { agruparPorUsuario, exportarRespuestas, siNo } from './exportar';
import { RecordatorioEncuesta } from './RecordatorioEncuesta';
import { ResultadosEncuesta } from './ResultadosEncuesta';
import { useAvisoDeError } from './useAvisoDeError';

/** The answers of one survey, grouped by user, with the Excel export (administrator only). */
export function RespuestasPage() {
  const { esAdministrador } = useSesion();
  const id = idDeRuta(useParams().id);
  if (!esAdministrador) return <SinPermiso />;
  return <Respuestas key={id} id={id} />;
}

function Respuestas({ id }: { id: number | null }) {
  const encuesta = useQuery({ ...encuestaQuery(id ?? 0), enabled: id !== null });
  // Only once the survey is known: a missing survey is told once, not twice.
  const respuestas = useQuery({ ...respuestasQuery(id ?? 0), enabled: encuesta.isSuccess });
  const { exportando, exportar } = useExportacion();
  useAvisoDeError(id === null ? 'id de encuesta inválido' : encuesta.error, T.errorObtenerEncuesta);
  useAvisoDeError(respuestas.error, T.errorCargarRespuestas);

  const titulo = encuesta.data?.Titulo;
  const filas = respuestas.data ?? [];

  const alExportar = () => {
    if (filas.length === 0) {
      avisos.advertencia(T.sinRespuestasParaExportar);
      return;
    }
    void exportar(() => exportarRespuestas(titulo, filas));
  };

  let contenido;
  if (encuesta.isLoading || respuestas.isLoading) contenido = <Cargando />;
  else if (respuestas.error) contenido = <AlgoSalioMal error={respuestas.error} />;
  else if (filas.length === 0) contenido = <p className="text-secondary">{T.sinRespuestas}</p>;
  else {
    contenido = agruparPorUsuario(filas).map((g) => (
      <GrupoUsuario key={g[0]!.UsuarioId} filas={g} />
    ));
  }

  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
        <div className="me-auto texto-largo">
          <h1 className="titulo-pantalla mb-1">{titulo || T.sinTitulo}</h1>
          <p className="text-secondary mb-0">{encuesta.data?.Descripcion || T.sinDescripcion}</p>
        </div>
        <div className="d-flex gap-2 d-print-none">
          <Link to={paths.encuestas} className="btn btn-outline-secondary">
            {T.volver}
          </Link>
          <Button variant="success" onClick={alExportar} disabled={exportando}>
            {T.exportarExcel}
          </Button>
        </div>
      </div>
      {id !== null && encuesta.isSuccess && (
        <>
          <RecordatorioEncuesta id={id} />
          <ResultadosEncuesta id={id} />
        </>
      )}
      <h2 className="h5 d-print-none">Respuestas por usuario</h2>
      <div className="d-print-none">{contenido}</div>
    </section>
  );
}

/**
 * Column widths, the same for every user's table so that they line up; their sum is the
 * table's minimum width on a wide screen, which shares out the rest.
 */
const ANCHOS_REM = [2.5, 16, 7, 5, 14, 12, 10];

/** A cell of a phone's card: its label and value, or nothing when there is no value. */
function Celda({ etiqueta, valor }: { etiqueta: string; valor: ReactNode }) {
  return (
    <td data-etiqueta={etiqueta}>
      {valor !== '' && valor !== null && <span className="valor">{valor}</span>}
    </td>
  );
}

/**
 * One user's answers. Below 768 px each question is a card (tabla-tarjetas.css) with the
 * question on top and its answer's lines below: nothing scrolls sideways on a phone.
 */
function GrupoUsuario({ filas }: { filas: FilaRespuesta[] }) {
  const { usuario, nomempre } = filas[0]!;
  const [numero, , obligatoria, puntaje, respuesta, observaciones, fecha] = T.columnasRespuestas;
  return (
    <article className="mb-4">
      <h2 className="h6 fw-semibold">{T.encabezadoUsuario(usuario, nomempre)}</h2>
      <div className="tabla-desplazable position-relative">
        <Table striped bordered size="sm" className="bg-white mb-0 tabla-respuestas tabla-tarjetas">
          <colgroup>
            {ANCHOS_REM.map((ancho, i) => (
              <col key={i} style={{ width: `${ancho}rem` }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {T.columnasRespuestas.map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {filas.map((f, i) => (
              <tr key={f.PreguntaId}>
                <Celda etiqueta={numero} valor={i + 1} />
                <th scope="row">{f.PreguntaTexto}</th>
                <Celda etiqueta={obligatoria} valor={siNo(f.Obligatoria)} />
                <Celda etiqueta={puntaje} valor={f.Puntaje} />
                <Celda etiqueta={respuesta} valor={f.TextoRespuesta} />
                <Celda etiqueta={observaciones} valor={f.Observaciones} />
                <Celda etiqueta={fecha} valor={fechaDdMmAaaaHhMm(f.FechaRespuesta)} />
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </article>
  );
}
