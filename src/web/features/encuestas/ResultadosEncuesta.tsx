/**
 * A survey's results (issue 16) above its answers: per scored question the counts, the mean, the
 * distribution of the five answers and CSAT (share of the top two, marked green/amber/red at
 * 80 % and 55 %), its trend per month when the survey ran longer than one; text answers listed;
 * the response rate. By company and date range; printable.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import type { ResultadoPregunta, ResultadosBody } from '../../../shared/contracts/encuestas';
import { UMBRALES_CSAT } from '../../../shared/encuestas';
import { fechaDdMmAaaaHhMm, numeroAr } from '../../../shared/formato';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { api } from '../../lib/api-client';
import { empresasQuery } from '../../lib/empresas';

/** 'AAAA-MM-DD' as dd/mm/aaaa. */
const dia = (valor: string) => valor.split('-').reverse().join('/');

/** The filter in words, for the printed page (the form itself is not printed). */
export function filtroEnPalabras(
  filtro: Omit<ResultadosBody, 'id'>,
  empresas: { codempre: number; nomempre: string }[] | undefined,
): string {
  const empresa =
    filtro.codempre === undefined
      ? 'todas'
      : (empresas?.find((e) => e.codempre === Number(filtro.codempre))?.nomempre ??
        String(filtro.codempre));
  const { desde, hasta } = filtro;
  const fechas =
    desde && hasta
      ? `del ${dia(desde)} al ${dia(hasta)}`
      : desde
        ? `desde el ${dia(desde)}`
        : hasta
          ? `hasta el ${dia(hasta)}`
          : 'todas las fechas';
  return `Empresa: ${empresa}. Respuestas: ${fechas}.`;
}

const porcentaje = (x: number | null) => (x === null ? '—' : `${numeroAr(x * 100, 0)} %`);

/** The CSAT mark: a colour and a word, so it does not rely on colour alone. */
export function marcaCsat(csat: number): { clase: string; texto: string } {
  if (csat >= UMBRALES_CSAT.bueno) return { clase: 'text-bg-success', texto: 'bueno' };
  if (csat >= UMBRALES_CSAT.regular) return { clase: 'text-bg-warning', texto: 'a mejorar' };
  return { clase: 'text-bg-danger', texto: 'bajo' };
}

export function ResultadosEncuesta({ id }: { id: number }) {
  const [filtro, setFiltro] = useState<Omit<ResultadosBody, 'id'>>({});
  const empresas = useQuery(empresasQuery(0));
  const resultados = useQuery({
    queryKey: ['encuestas', 'resultados', id, filtro],
    queryFn: () => api.post('/api/encuestas/resultados', { id, ...filtro }),
  });
  const cambiar = (campo: keyof typeof filtro, valor: string) =>
    setFiltro((f) => ({
      ...f,
      [campo]: valor === '' ? undefined : campo === 'codempre' ? Number(valor) : valor,
    }));

  const r = resultados.data;
  return (
    <section aria-labelledby="titulo-resultados" className="mb-4 resultados-encuesta">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 id="titulo-resultados" className="h5 mb-0">
          Resultados
        </h2>
        <Button
          variant="outline-dark"
          size="sm"
          className="d-print-none"
          onClick={() => window.print()}
        >
          Imprimir resultados
        </Button>
      </div>
      <p className="d-none d-print-block small mb-2">{filtroEnPalabras(filtro, empresas.data)}</p>
      <Row className="g-2 mb-3 d-print-none">
        <Col xs={12} md={4}>
          <Form.Group controlId="resultados-empresa">
            <Form.Label>Empresa</Form.Label>
            <Form.Select
              value={filtro.codempre ?? ''}
              onChange={(e) => cambiar('codempre', e.target.value)}
            >
              <option value="">Todas</option>
              {(empresas.data ?? []).map((e) => (
                <option key={e.codempre} value={e.codempre}>
                  {e.nomempre}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} md={3}>
          <Form.Group controlId="resultados-desde">
            <Form.Label>Desde</Form.Label>
            <Form.Control
              type="date"
              value={filtro.desde ?? ''}
              onChange={(e) => cambiar('desde', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col xs={6} md={3}>
          <Form.Group controlId="resultados-hasta">
            <Form.Label>Hasta</Form.Label>
            <Form.Control
              type="date"
              value={filtro.hasta ?? ''}
              onChange={(e) => cambiar('hasta', e.target.value)}
            />
          </Form.Group>
        </Col>
      </Row>
      {resultados.isPending ? (
        <Cargando />
      ) : resultados.isError ? (
        <AlgoSalioMal error={resultados.error} />
      ) : (
        <>
          <p aria-live="polite">
            Respondieron <strong>{r!.respondieron}</strong> de {r!.respondieron + r!.pendientes}{' '}
            usuarios a los que se les pidió: tasa de respuesta{' '}
            <strong>{porcentaje(r!.tasaDeRespuesta)}</strong>.
          </p>
          <div className="d-grid gap-3">
            {r!.preguntas.map((p, i) => (
              <ResultadoDePregunta key={p.PreguntaId} numero={i + 1} pregunta={p} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function ResultadoDePregunta({
  numero,
  pregunta: p,
}: {
  numero: number;
  pregunta: ResultadoPregunta;
}) {
  const puntajes = p.distribucion.reduce((a, b) => a + b, 0);
  return (
    <Card as="article" aria-label={`Pregunta ${numero}: ${p.Texto}`} className="resultado-pregunta">
      <Card.Header className="d-flex flex-wrap justify-content-between gap-2">
        <h3 className="h6 mb-0">
          {numero}. {p.Texto}
        </h3>
        {p.csat !== null && (
          <span className={`badge ${marcaCsat(p.csat).clase}`}>
            CSAT {porcentaje(p.csat)} ({marcaCsat(p.csat).texto})
          </span>
        )}
      </Card.Header>
      <Card.Body>
        <p className="small mb-2">
          Respondidas: <strong>{p.respondidas}</strong> · Omitidas: <strong>{p.omitidas}</strong>
          {!p.esTexto && (
            <>
              {' '}
              · Promedio: <strong>{p.promedio === null ? '—' : numeroAr(p.promedio, 2, 2)}</strong>
            </>
          )}
        </p>
        {p.esTexto ? (
          p.textos.length === 0 ? (
            <p className="text-secondary mb-0">Sin respuestas de texto.</p>
          ) : (
            <ul className="list-unstyled mb-0 textos-respondidos">
              {p.textos.map((t, i) => (
                <li key={i} className="mb-2">
                  <span className="small text-secondary">
                    {t.usuario} ({t.nomempre}), {fechaDdMmAaaaHhMm(t.fecha)}
                  </span>
                  <br />
                  {t.texto}
                </li>
              ))}
            </ul>
          )
        ) : (
          <>
            <Table size="sm" className="mb-2 distribucion">
              <caption className="visually-hidden">Distribución de las respuestas</caption>
              <thead>
                <tr>
                  <th scope="col">Respuesta</th>
                  <th scope="col" className="text-end">
                    Cantidad
                  </th>
                  <th scope="col" className="text-end">
                    %
                  </th>
                  <th scope="col" className="w-50">
                    <span className="visually-hidden">Barra</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.distribucion.map((n, i) => {
                  const parte = puntajes === 0 ? 0 : n / puntajes;
                  return (
                    <tr key={i}>
                      <th scope="row" className="fw-normal">
                        {i + 1} {T.puntajes[i]}
                      </th>
                      <td className="text-end">{n}</td>
                      <td className="text-end text-nowrap">
                        {porcentaje(puntajes === 0 ? null : parte)}
                      </td>
                      <td aria-hidden="true">
                        {n > 0 && (
                          <div
                            className="barra-distribucion"
                            style={{ width: `${parte * 100}%` }}
                          />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
            {p.meses.length > 1 && (
              <Table size="sm" className="mb-0">
                <caption className="caption-top small">Evolución por mes</caption>
                <thead>
                  <tr>
                    <th scope="col">Mes</th>
                    <th scope="col" className="text-end">
                      Respondidas
                    </th>
                    <th scope="col" className="text-end">
                      Promedio
                    </th>
                    <th scope="col" className="text-end">
                      CSAT
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {p.meses.map((m) => (
                    <tr key={m.mes}>
                      <td>{`${m.mes.slice(5)}/${m.mes.slice(0, 4)}`}</td>
                      <td className="text-end">{m.respondidas}</td>
                      <td className="text-end">
                        {m.promedio === null ? '—' : numeroAr(m.promedio, 2, 2)}
                      </td>
                      <td className="text-end">{porcentaje(m.csat)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
