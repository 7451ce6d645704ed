import './encuestas.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { LIMITES_ENCUESTA } from '../../../shared/encuestas';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { TEXTOS, TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { paths } from '../../app/paths';
import { useSesion } from '../../app/sesion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { claves, crearEncuesta, encuestasQuery } from './api';
import { PreguntasModal } from './PreguntasModal';
import { useAvisoDeError } from './useAvisoDeError';

/** Survey administration, administrator only (spec section 2, 'Crear Encuesta'). */
export function EncuestasAdminPage() {
  const { esAdministrador } = useSesion();
  if (!esAdministrador) return <SinPermiso />;
  return (
    <section>
      <h1 className="titulo-pantalla">{T.crearEncuesta}</h1>
      <FormularioNuevaEncuesta />
      <ListaEncuestas />
    </section>
  );
}

export function SinPermiso() {
  return (
    <Alert variant="warning" className="mt-3">
      {TEXTOS.sinPermisoPagina}
    </Alert>
  );
}

function FormularioNuevaEncuesta() {
  const cliente = useQueryClient();
  const [titulo, setTitulo] = useState('');
  const [descripcion, setDescripcion] = useState('');
  const crear = useMutation({
    mutationFn: crearEncuesta,
    onSuccess: async () => {
      avisos.exito(T.encuestaCreada);
      setTitulo('');
      setDescripcion('');
      await cliente.invalidateQueries({ queryKey: claves.todas });
    },
    onError: () => avisos.error(T.errorCrearEncuesta),
  });

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!titulo.trim()) {
      avisos.advertencia(T.debeCompletarTitulo);
      return;
    }
    crear.mutate({ titulo, descripcion });
  };

  return (
    <Card className="mb-4 formulario-encuesta">
      <Card.Body>
        <Form noValidate onSubmit={enviar}>
          <Form.Group className="mb-3" controlId="encuesta-titulo">
            <Form.Label>Título</Form.Label>
            <Form.Control
              value={titulo}
              maxLength={LIMITES_ENCUESTA.titulo}
              onChange={(e) => setTitulo(e.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="encuesta-descripcion">
            <Form.Label>Descripción</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={descripcion}
              maxLength={LIMITES_ENCUESTA.descripcion}
              onChange={(e) => setDescripcion(e.target.value)}
            />
          </Form.Group>
          <Button type="submit" disabled={crear.isPending}>
            {T.crearEncuesta}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

function ListaEncuestas() {
  const { data, isPending, error } = useQuery(encuestasQuery);
  const [abierta, setAbierta] = useState<number | null>(null);
  useAvisoDeError(error, T.errorCargarEncuestas);

  let contenido;
  if (isPending) contenido = <Cargando />;
  else if (error) contenido = <AlgoSalioMal />;
  else if (data.length === 0) contenido = <p className="text-secondary">{T.sinEncuestas}</p>;
  else {
    contenido = (
      <div className="tabla-desplazable">
        <Table striped hover className="align-middle bg-white">
          <thead>
            <tr>
              <th>#</th>
              <th>Título</th>
              <th>Descripción</th>
              <th className="text-nowrap">Fecha de Creación</th>
              <th>Acciones</th>
            </tr>
          </thead>
          <tbody>
            {data.map((e, i) => (
              <tr key={e.Id}>
                <td>{i + 1}</td>
                <td className="celda-texto">{e.Titulo}</td>
                <td className="celda-texto">{e.Descripcion || T.sinDescripcionCorta}</td>
                <td className="text-nowrap">{fechaDdMmAaaaHhMm(e.FechaCreacion)}</td>
                <td>
                  <div className="d-flex gap-2 flex-nowrap">
                    <Button size="sm" variant="outline-primary" onClick={() => setAbierta(e.Id)}>
                      {T.preguntas}
                    </Button>
                    <Link
                      to={paths.encuestaRespuestas(e.Id)}
                      className="btn btn-sm btn-outline-secondary text-nowrap"
                    >
                      {T.verRespuestas}
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    );
  }

  const seleccionada = data?.find((e) => e.Id === abierta);
  return (
    <>
      <h2 className="h5 mb-3">{T.encuestasExistentes}</h2>
      {contenido}
      {seleccionada && <PreguntasModal encuesta={seleccionada} onCerrar={() => setAbierta(null)} />}
    </>
  );
}
