import '../../components/tabla-apilada.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { ResultadoImportacion } from '../../../shared/contracts/importacion';
import { numeroAr } from '../../../shared/formato';
import {
  CLASES,
  CLASES_IMPORTACION,
  LIMITE_ARCHIVO_BYTES,
  LIMITE_ARCHIVO_MB,
  type Clase,
} from '../../../shared/importacion';
import { MENSAJES_IMPORTACION as M, TEXTOS_IMPORTACION as T } from '../../../shared/textos';
import { mensajeDeError } from '../../lib/api-client';
import { importar, plantillaCsv, plantillaXlsx, type Avance } from './api';

/** Where an import is: sending the file, then the server's progress lines. */
type Progreso = { aplicar: boolean; avance: Avance | null };

const n = (x: number) => numeroAr(x, 0);

/** The kind a CSV's name says ('empresas.csv', 'Saldos iniciales.csv'), if any. */
function claseDelNombre(nombre: string): Clase | '' {
  const base = nombre
    .replace(/\.[^.]*$/, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ')
    .trim();
  return (
    CLASES.find((c) => {
      const d = CLASES_IMPORTACION[c];
      return [d.hoja, d.archivoCsv.replace(/\.csv$/, '')]
        .map((x) =>
          x
            .normalize('NFD')
            .replace(/\p{M}/gu, '')
            .toLowerCase()
            .replace(/[-_\s]+/g, ' '),
        )
        .includes(base);
    }) ?? ''
  );
}

const esCsv = (archivo: File | null) => Boolean(archivo && /\.csv$/i.test(archivo.name));

function BarraDeProgreso({ progreso, tamano }: { progreso: Progreso; tamano: number }) {
  const { avance, aplicar } = progreso;
  let texto: string;
  let ahora = 100;
  let animada = true;
  if (!avance) texto = T.enviando;
  else if ('leidas' in avance) {
    texto = T.leyendo(n(avance.leidas));
    ahora = tamano > 0 ? Math.min(100, (avance.bytes / tamano) * 100) : 100;
  } else {
    texto = (aplicar ? T.aplicando : T.revisando)(n(avance.procesadas), n(avance.total));
    ahora = avance.total > 0 ? (avance.procesadas / avance.total) * 100 : 100;
    animada = false;
  }
  const valor = Math.round(Math.max(ahora, 3));
  // Bootstrap's markup, with the role and name on the bar's box (react-bootstrap's ProgressBar
  // names the box but gives the role to the inner bar: no accessible name).
  return (
    <div className="my-3">
      <div className="small text-secondary mb-1" role="status">
        {texto}
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={texto}
        aria-valuenow={valor}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={`progress-bar${animada ? ' progress-bar-striped progress-bar-animated' : ''}`}
          style={{ width: `${valor}%` }}
        />
      </div>
    </div>
  );
}

const total = (
  r: ResultadoImportacion,
  campo: 'creadas' | 'cambiadas' | 'sinCambios' | 'rechazadas',
) => r.conteos.reduce((s, c) => s + c[campo], 0);

function resumen(r: ResultadoImportacion): string {
  return `${n(total(r, 'creadas'))} se crean, ${n(total(r, 'cambiadas'))} cambian, ${n(total(r, 'sinCambios'))} sin cambios, ${n(total(r, 'rechazadas'))} rechazadas`;
}

function Resultado({
  r,
  aplicar,
  rutaEmpresas,
}: {
  r: ResultadoImportacion;
  aplicar: boolean;
  rutaEmpresas: string;
}) {
  const rechazadas = total(r, 'rechazadas');
  const primera = r.filas.find((f) => f.estado === 'rechazada');
  const cual = primera
    ? M.enFila(primera.hoja, primera.fila, `${primera.clave}: ${primera.detalle}`)
    : '';
  let aviso;
  if (r.aplicada) {
    aviso = (
      <Alert variant="success">
        Importación de «{r.archivo}» hecha: {resumen(r)}. Vea las empresas en{' '}
        <Link to={rutaEmpresas}>Administración › Empresas</Link>.
      </Alert>
    );
  } else if (rechazadas > 0) {
    aviso = (
      <Alert variant="danger">
        {aplicar ? M.nadaImportado(rechazadas, cual) : M.revisionConRechazos(rechazadas, cual)}
      </Alert>
    );
  } else {
    aviso = (
      <Alert variant="info">
        Revisión de «{r.archivo}»: {resumen(r)}. Todavía no se guardó nada: pulse «{T.importar}».
      </Alert>
    );
  }
  return (
    <>
      {aviso}
      <div className="tabla-desplazable position-relative">
        <Table size="sm" striped className="align-middle bg-white tabla-apilada">
          <caption className="visually-hidden">Filas por hoja</caption>
          <thead>
            <tr>
              <th>Hoja</th>
              <th className="text-end">{T.estados.creada}</th>
              <th className="text-end">{T.estados.cambiada}</th>
              <th className="text-end">{T.estados.sinCambios}</th>
              <th className="text-end">Rechazadas</th>
            </tr>
          </thead>
          <tbody>
            {r.conteos.map((c) => (
              <tr key={c.clase}>
                <td data-etiqueta="Hoja">{c.hoja}</td>
                <td className="text-end" data-etiqueta={T.estados.creada}>
                  {n(c.creadas)}
                </td>
                <td className="text-end" data-etiqueta={T.estados.cambiada}>
                  {n(c.cambiadas)}
                </td>
                <td className="text-end" data-etiqueta={T.estados.sinCambios}>
                  {n(c.sinCambios)}
                </td>
                <td
                  className={`text-end${c.rechazadas > 0 ? ' text-danger fw-semibold' : ''}`}
                  data-etiqueta="Rechazadas"
                >
                  {n(c.rechazadas)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {r.filas.length > 0 && (
        <>
          <h2 className="h5 mt-3">Filas rechazadas y que cambian</h2>
          <div className="tabla-desplazable position-relative">
            <Table size="sm" striped className="align-middle bg-white tabla-apilada">
              <caption className="visually-hidden">Filas rechazadas y que cambian</caption>
              <thead>
                <tr>
                  <th>Hoja</th>
                  <th className="text-end">Fila</th>
                  <th>Qué</th>
                  <th>Estado</th>
                  <th>Detalle</th>
                </tr>
              </thead>
              <tbody>
                {r.filas.map((f) => (
                  <tr key={`${f.clase}-${f.fila}`}>
                    <td data-etiqueta="Hoja">{f.hoja}</td>
                    <td className="text-end" data-etiqueta="Fila">
                      {f.fila}
                    </td>
                    <td data-etiqueta="Qué">{f.clave}</td>
                    <td data-etiqueta="Estado">
                      <span
                        className={`badge ${f.estado === 'rechazada' ? 'text-bg-danger' : 'text-bg-warning'}`}
                      >
                        {T.estados[f.estado]}
                      </span>
                    </td>
                    <td data-etiqueta="Detalle" className="text-break">
                      {f.detalle}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          {r.filasNoListadas > 0 && (
            <p className="small text-secondary">
              Y {n(r.filasNoListadas)} filas más que no se listan: corrija las de arriba y revise de
              nuevo.
            </p>
          )}
        </>
      )}
    </>
  );
}

function Plantillas() {
  return (
    <>
      <h2 className="h5 mt-4">Plantillas</h2>
      <p className="mb-2">
        <a href={plantillaXlsx} download>
          Plantilla de Excel (.xlsx, una hoja por clase)
        </a>
        . CSV de una clase:{' '}
        {CLASES.map((c, i) => (
          <span key={c}>
            {i > 0 && ', '}
            <a href={plantillaCsv(c)} download>
              {CLASES_IMPORTACION[c].hoja}
            </a>
          </span>
        ))}
        .
      </p>
      <dl className="small mb-0">
        {CLASES.map((c) => (
          <div key={c} className="mb-2">
            <dt>Hoja «{CLASES_IMPORTACION[c].hoja}»</dt>
            <dd className="mb-0">
              <ul className="mb-0 ps-3">
                {CLASES_IMPORTACION[c].columnas.map((col) => (
                  <li key={col.clave}>
                    <strong>{col.titulo}</strong>: {col.ayuda}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * Administración › Importar (issue 21): choose a spreadsheet, review it (nothing is saved: each
 * row says whether it is created, changed, unchanged or refused, and why), then import it in one
 * go. A progress bar follows the server's lines on a large file. `rutaEmpresas`: where the
 * companies' screen is (the app composes the screens).
 */
export function ImportacionPage({ rutaEmpresas }: { rutaEmpresas: string }) {
  const cliente = useQueryClient();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [clase, setClase] = useState<Clase | ''>('');
  const [progreso, setProgreso] = useState<Progreso | null>(null);
  const [resultado, setResultado] = useState<{
    r: ResultadoImportacion;
    aplicar: boolean;
  } | null>(null);
  /** The file (and kind) the last clean review was of: only that one may be imported. */
  const [revisado, setRevisado] = useState<{ archivo: File; clase: Clase | '' } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ocupado = progreso !== null;
  const faltaClase = esCsv(archivo) && !clase;
  const puedeImportar =
    !ocupado && revisado !== null && revisado.archivo === archivo && revisado.clase === clase;

  const elegir = (f: File | null) => {
    setArchivo(f);
    setClase(f && esCsv(f) ? claseDelNombre(f.name) : '');
    setResultado(null);
    setRevisado(null);
    setError(null);
    if (f && f.size > LIMITE_ARCHIVO_BYTES) setError(M.archivoGrande(LIMITE_ARCHIVO_MB));
  };

  const correr = async (aplicar: boolean) => {
    if (!archivo) return;
    setError(null);
    setResultado(null);
    setProgreso({ aplicar, avance: null });
    try {
      const r = await importar(
        archivo,
        { clase: esCsv(archivo) && clase ? clase : undefined, aplicar },
        (avance) => setProgreso({ aplicar, avance }),
      );
      setResultado({ r, aplicar });
      const limpia = total(r, 'rechazadas') === 0;
      setRevisado(!aplicar && limpia ? { archivo, clase } : null);
      // Companies, users and the client selectors show what was imported (the alert says so).
      if (r.aplicada) void cliente.invalidateQueries();
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      setProgreso(null);
    }
  };

  return (
    <section>
      <h1 className="titulo-pantalla">{T.titulo}</h1>
      <p>
        Cargue lo que la terminal ya tiene: empresas cliente con sus unidades, usuarios (sin
        tarjeta: se emite después), productos, productos por cliente, envases y saldos iniciales de
        stock. Un libro de Excel (.xlsx) con una hoja por clase, o un CSV de una clase, de hasta{' '}
        {LIMITE_ARCHIVO_MB} MB. Primero se revisa, sin guardar nada; al importar, si una fila se
        rechaza no se guarda ninguna. Importar el mismo archivo otra vez no cambia nada.
      </p>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void correr(false);
        }}
      >
        <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
          <Form.Group
            controlId="importacion-archivo"
            className="flex-grow-1"
            style={{ minWidth: '16rem' }}
          >
            <Form.Label className="fw-semibold">Archivo</Form.Label>
            <Form.Control
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={ocupado}
              onChange={(e) => elegir((e.target as HTMLInputElement).files?.[0] ?? null)}
            />
          </Form.Group>
          {esCsv(archivo) && (
            <Form.Group controlId="importacion-clase" style={{ minWidth: '14rem' }}>
              <Form.Label className="fw-semibold">Qué contiene el CSV</Form.Label>
              <Form.Select
                value={clase}
                disabled={ocupado}
                isInvalid={faltaClase}
                onChange={(e) => {
                  setClase(e.target.value as Clase | '');
                  setRevisado(null);
                  setResultado(null);
                }}
              >
                <option value="">Elija…</option>
                {CLASES.map((c) => (
                  <option key={c} value={c}>
                    {CLASES_IMPORTACION[c].hoja}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          <div className="d-flex gap-2">
            <Button type="submit" disabled={!archivo || ocupado || faltaClase}>
              {ocupado && !progreso?.aplicar && (
                <Spinner size="sm" className="me-2" aria-hidden="true" />
              )}
              {T.revisar}
            </Button>
            <Button
              variant="success"
              disabled={!puedeImportar}
              onClick={() => void correr(true)}
              title={puedeImportar ? undefined : 'Revise el archivo antes de importarlo'}
            >
              {ocupado && progreso?.aplicar && (
                <Spinner size="sm" className="me-2" aria-hidden="true" />
              )}
              {T.importar}
            </Button>
          </div>
        </div>
      </Form>
      {progreso && <BarraDeProgreso progreso={progreso} tamano={archivo?.size ?? 0} />}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {resultado && (
        <Resultado r={resultado.r} aplicar={resultado.aplicar} rutaEmpresas={rutaEmpresas} />
      )}
      <Plantillas />
    </section>
  );
}
