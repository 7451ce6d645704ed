/**
 * 'Envases' (issue 21, administrators only): a client company's containers — create, edit name
 * and weight, deactivate or activate, delete one no quota used. The active ones are what the
 * company's order form offers for a dispatch in containers.
 */
import '../../components/tabla-tarjetas.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import type { EnvaseAdministrado } from '../../../shared/contracts/envases';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { numeroAr } from '../../../shared/formato';
import { MENSAJES_ENVASES as M } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { MenuAcciones, type AccionDeFila } from '../../components/MenuAcciones';
import { PieFormulario } from '../../components/PieFormulario';
import { useActivarYEliminar } from '../../lib/activar-y-eliminar';
import { empresasAdministradasQuery } from '../../lib/empresas-administradas';
import { marcarErroresDeCampo, marcasDeError } from '../../lib/errores-de-campo';
import {
  activoEnvaseMutation,
  crearEnvaseMutation,
  editarEnvaseMutation,
  eliminarEnvaseMutation,
  envasesQuery,
} from './api';
import { leerPeso } from './peso';
import { TEXTOS_ENVASES as T } from './textos';

type Formulario = { tipo: 'nuevo' } | { tipo: 'editar'; envase: EnvaseAdministrado };

export function EnvasesPage() {
  const empresas = useQuery(empresasAdministradasQuery);
  const [codempre, setCodempre] = useState('');
  const clientes = (empresas.data ?? []).filter((e) => e.codempre !== CODEMPRE_ADMINISTRADOR);
  const empresa = clientes.find((e) => String(e.codempre) === codempre);
  const envases = useQuery(envasesQuery(empresa?.codempre));
  const [formulario, setFormulario] = useState<Formulario | null>(null);
  const filas = useActivarYEliminar({
    activar: activoEnvaseMutation,
    eliminar: eliminarEnvaseMutation,
    cuerpoActivar: (e: EnvaseAdministrado, activo) => ({ ctrl: e.ctrl, activo }),
    cuerpoEliminar: (e) => e.ctrl,
    id: (e) => e.ctrl,
    nombre: (e) => e.nombre,
    textos: T,
  });

  const acciones = (e: EnvaseAdministrado): AccionDeFila[] => [
    { texto: T.editar, hacer: () => setFormulario({ tipo: 'editar', envase: e }) },
    ...filas.acciones(e),
  ];

  let contenido;
  if (!empresa) contenido = <p className="text-secondary">{T.elijaEmpresa}</p>;
  else if (envases.isError) contenido = <AlgoSalioMal error={envases.error} />;
  else if (envases.isPending) contenido = <Cargando />;
  else {
    contenido = (
      <>
        <p className="small text-secondary mb-2" role="status">
          {T.cantidad(envases.data.length)}
          {envases.isFetching && (
            <Spinner size="sm" className="ms-2" aria-label="Actualizando" animation="border" />
          )}
        </p>
        <TablaEnvases
          empresa={empresa}
          envases={envases.data}
          ocupado={filas.ocupado}
          acciones={acciones}
        />
      </>
    );
  }

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="titulo-pantalla mb-0">{T.titulo}</h1>
        <Button onClick={() => setFormulario({ tipo: 'nuevo' })} disabled={!empresa}>
          {T.nuevo}
        </Button>
      </div>
      <p className="small text-secondary">{T.ayuda}</p>
      {empresas.isError && <AlgoSalioMal error={empresas.error} />}
      <Form className="row g-2 mb-3" onSubmit={(e) => e.preventDefault()}>
        <Form.Group className="col-12 col-md-5" controlId="envases-empresa">
          <Form.Label className="small mb-1">{T.empresa}</Form.Label>
          <Form.Select
            value={codempre}
            onChange={(e) => {
              filas.setFallo(null);
              setCodempre(e.target.value);
            }}
          >
            <option value="">{T.elegirEmpresa}</option>
            {clientes.map((e) => (
              <option key={e.codempre} value={e.codempre}>
                {`${e.codempre} - ${e.nomempre}`}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Form>
      {filas.fallo && (
        <Alert
          variant="danger"
          dismissible
          onClose={() => filas.setFallo(null)}
          closeLabel={T.cerrar}
        >
          {filas.fallo}
        </Alert>
      )}
      {contenido}

      <Modal
        show={formulario !== null && empresa !== undefined}
        onHide={() => setFormulario(null)}
        centered
        aria-labelledby="envase-formulario-titulo"
      >
        <Modal.Header closeButton closeLabel={T.cerrar}>
          <Modal.Title id="envase-formulario-titulo" as="h2" className="h5">
            {formulario?.tipo === 'editar'
              ? T.formularioEditar(formulario.envase.nombre)
              : T.formularioNuevo(empresa?.nomempre ?? '')}
          </Modal.Title>
        </Modal.Header>
        {formulario && empresa && (
          <FormularioEnvase
            empresa={empresa}
            formulario={formulario}
            onTerminar={() => setFormulario(null)}
          />
        )}
      </Modal>
    </section>
  );
}

function TablaEnvases(props: {
  empresa: EmpresaAdministrada;
  envases: EnvaseAdministrado[];
  ocupado: number | null;
  acciones: (e: EnvaseAdministrado) => AccionDeFila[];
}) {
  const C = T.columnas;
  return (
    // Below 768 px each row becomes a card (tabla-tarjetas.css): nothing scrolls sideways.
    <Table hover size="sm" className="align-middle bg-white tabla-tarjetas">
      <caption className="visually-hidden">{T.tabla(props.empresa.nomempre)}</caption>
      <thead>
        <tr>
          <th>{C.nombre}</th>
          <th className="text-end">{C.peso}</th>
          <th>{C.estado}</th>
          <th>
            <span className="visually-hidden">{C.acciones}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.envases.length === 0 ? (
          <tr>
            <td colSpan={4} className="text-center text-secondary py-3">
              {T.sinEnvases}
            </td>
          </tr>
        ) : (
          props.envases.map((e) => {
            return (
              <tr key={e.ctrl} className={e.activo ? undefined : 'fila-inactiva'}>
                <th scope="row" className="fw-semibold">
                  {e.nombre}
                </th>
                <td data-etiqueta={C.peso} className="text-end text-nowrap">
                  <span className="valor">{T.kg(numeroAr(e.peso))}</span>
                </td>
                <td data-etiqueta={C.estado}>
                  <span className="valor">
                    {e.activo ? (
                      <Badge bg="success">{T.activo}</Badge>
                    ) : (
                      <Badge bg="secondary">{T.desactivado}</Badge>
                    )}
                  </span>
                </td>
                <td className="celda-acciones text-end">
                  <MenuAcciones
                    id={`acciones-envase-${e.ctrl}`}
                    etiqueta={T.accionesDe(e.nombre)}
                    texto={T.acciones}
                    ocupado={props.ocupado === e.ctrl}
                    acciones={props.acciones(e)}
                  />
                </td>
              </tr>
            );
          })
        )}
      </tbody>
    </Table>
  );
}

interface ValoresEnvase {
  nombre: string;
  peso: string;
}

const CAMPOS = ['nombre', 'peso'] as const;

function FormularioEnvase(props: {
  empresa: EmpresaAdministrada;
  formulario: Formulario;
  onTerminar: () => void;
}) {
  const { formulario } = props;
  const editando = formulario.tipo === 'editar' ? formulario.envase : null;
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ValoresEnvase>({
    defaultValues: editando
      ? { nombre: editando.nombre, peso: String(editando.peso).replace('.', ',') }
      : { nombre: '', peso: '' },
  });
  const alFallar = (error: Error) => setGeneral(marcarErroresDeCampo(error, CAMPOS, setError));
  const crear = useMutation({
    ...crearEnvaseMutation,
    onSuccess: (e) => {
      avisos.exito(T.creado(e.nombre));
      props.onTerminar();
    },
    onError: alFallar,
  });
  const editar = useMutation({
    ...editarEnvaseMutation,
    onSuccess: (e) => {
      avisos.exito(T.guardado(e.nombre));
      props.onTerminar();
    },
    onError: alFallar,
  });
  const pendiente = crear.isPending || editar.isPending;

  const enviar = handleSubmit((v) => {
    setGeneral(null);
    const valores = { nombre: v.nombre.trim(), peso: leerPeso(v.peso)! };
    if (editando) editar.mutate({ ctrl: editando.ctrl, ...valores });
    else crear.mutate({ codempre: props.empresa.codempre, ...valores });
  });

  const error = (campo: keyof ValoresEnvase) =>
    marcasDeError(Boolean(errors[campo]), `envase-${campo}-error`);

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)}>
      <Modal.Body>
        {general && (
          <Alert variant="danger" role="alert">
            {general}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId="envase-nombre">
          <Form.Label className="fw-semibold">{T.campoNombre}</Form.Label>
          <Form.Control
            maxLength={60}
            autoComplete="off"
            autoFocus
            {...error('nombre')}
            {...register('nombre', { validate: (v) => v.trim() !== '' || M.nombreVacio })}
          />
          <Form.Control.Feedback id="envase-nombre-error" type="invalid">
            {errors.nombre?.message}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="envase-peso">
          <Form.Label className="fw-semibold">{T.campoPeso}</Form.Label>
          <Form.Control
            inputMode="decimal"
            autoComplete="off"
            {...error('peso')}
            {...register('peso', {
              validate: (v) => leerPeso(v) !== undefined || M.pesoInvalido,
            })}
          />
          <Form.Text>{T.ayudaPeso}</Form.Text>
          <Form.Control.Feedback id="envase-peso-error" type="invalid">
            {errors.peso?.message}
          </Form.Control.Feedback>
        </Form.Group>
      </Modal.Body>
      <PieFormulario
        cancelar={T.cancelar}
        enviar={editando ? T.guardar : T.crear}
        pendiente={pendiente}
        onCancelar={props.onTerminar}
      />
    </Form>
  );
}
