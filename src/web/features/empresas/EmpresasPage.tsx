import '../../components/tabla-apilada.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Controller, useForm } from 'react-hook-form';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import type { UnidadNegocio } from '../../../shared/contracts/comun';
import type { UnidadAdministrada } from '../../../shared/contracts/unidades';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { MENSAJES_ADMINISTRACION as M, TEXTOS_UNIDADES as TU } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { erroresDeCampo, marcarErroresDeCampo } from '../../lib/errores-de-campo';
import { unidadesOfrecidas, unidadesQuery } from '../../lib/unidades';
import { crearEmpresaMutation, empresasQuery, unidadesEmpresaMutation } from './api';

/** 'Granos, Aceites (inactiva)': an inactive unit the company still works in, marked. */
const nombresDe = (unidades: UnidadNegocio[]) => unidades.map(TU.nombreUnidad).join(', ');

/**
 * 'Empresas y unidades' (issue 14, administrators only): the companies with the business units
 * they work in and how many users they have; create one, change its units. The units themselves
 * are administered on their own screen (features/unidades).
 */
export function EmpresasPage() {
  const empresas = useQuery(empresasQuery);
  const unidades = useQuery(unidadesQuery);
  const [creando, setCreando] = useState(false);
  const [editando, setEditando] = useState<EmpresaAdministrada | null>(null);

  let tabla;
  if (empresas.isError) tabla = <AlgoSalioMal error={empresas.error} />;
  else if (empresas.isPending) tabla = <Cargando />;
  else {
    tabla = (
      <div className="tabla-desplazable position-relative">
        <Table striped hover size="sm" className="align-middle bg-white tabla-apilada">
          <caption className="visually-hidden">Empresas</caption>
          <thead>
            <tr>
              <th className="text-end">Código</th>
              <th>Nombre</th>
              <th>Unidades de negocio</th>
              <th className="text-end">Usuarios</th>
              <th>
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {empresas.data.map((e) => (
              <tr key={e.codempre}>
                <td className="text-end" data-etiqueta="Código">
                  {e.codempre}
                </td>
                <td data-etiqueta="Nombre">{e.nomempre}</td>
                <td data-etiqueta="Unidades de negocio">
                  {e.codempre === CODEMPRE_ADMINISTRADOR ? (
                    <span className="text-secondary">Todas (la terminal)</span>
                  ) : e.unidades.length === 0 ? (
                    <span className="text-secondary">Ninguna</span>
                  ) : (
                    nombresDe(e.unidades)
                  )}
                </td>
                <td className="text-end" data-etiqueta="Usuarios">
                  {e.usuarios}
                </td>
                <td className="text-end text-nowrap">
                  {e.codempre !== CODEMPRE_ADMINISTRADOR && (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      onClick={() => setEditando(e)}
                      aria-label={`Cambiar las unidades de ${e.nomempre}`}
                    >
                      Unidades
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    );
  }

  return (
    <section>
      <h1 className="titulo-pantalla">Empresas y unidades</h1>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button variant="primary" onClick={() => setCreando(true)}>
          Nueva empresa
        </Button>
      </div>
      <h2 className="h5">Empresas</h2>
      {tabla}

      <p className="text-secondary small mt-3">{M.unidadesEnSuPantalla}</p>

      <Modal
        show={creando}
        onHide={() => setCreando(false)}
        centered
        aria-labelledby="empresa-nueva-titulo"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="empresa-nueva-titulo" as="h2" className="h5">
            Nueva empresa
          </Modal.Title>
        </Modal.Header>
        {creando && (
          <FormularioEmpresa unidades={unidades.data} onTerminar={() => setCreando(false)} />
        )}
      </Modal>

      <Modal
        show={editando !== null}
        onHide={() => setEditando(null)}
        centered
        aria-labelledby="empresa-unidades-titulo"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="empresa-unidades-titulo" as="h2" className="h5">
            Unidades de {editando?.nomempre}
          </Modal.Title>
        </Modal.Header>
        {editando && (
          <FormularioUnidades
            empresa={editando}
            unidades={unidades.data}
            onTerminar={() => setEditando(null)}
          />
        )}
      </Modal>
    </section>
  );
}

/**
 * One checkbox per business unit, as a group with its legend: the active ones, and an inactive
 * one only while the company works in it (`tenidas`), so it can be taken away but not added.
 */
function CasillasUnidades(props: {
  id: string;
  unidades: UnidadAdministrada[] | undefined;
  tenidas?: number[];
  valor: number[];
  onChange: (unidades: number[]) => void;
  error?: string;
}) {
  if (!props.unidades) return <Cargando />;
  const ofrecidas = unidadesOfrecidas(props.unidades, props.tenidas ?? []);
  const cambiar = (ctrl: number, marcada: boolean) =>
    props.onChange(
      marcada
        ? [...props.valor, ctrl].sort((a, b) => a - b)
        : props.valor.filter((u) => u !== ctrl),
    );
  return (
    <fieldset className="mb-3" aria-describedby={props.error ? `${props.id}-error` : undefined}>
      <legend className="form-label fs-6 fw-semibold">Unidades de negocio</legend>
      {ofrecidas.map((u) => (
        <Form.Check
          key={u.ctrl}
          id={`${props.id}-${u.ctrl}`}
          label={TU.nombreUnidad({ unineg: u.unineg, inactiva: !u.activo || undefined })}
          checked={props.valor.includes(u.ctrl)}
          isInvalid={Boolean(props.error)}
          onChange={(e) => cambiar(u.ctrl, e.target.checked)}
        />
      ))}
      {props.error && (
        <div id={`${props.id}-error`} className="invalid-feedback d-block">
          {props.error}
        </div>
      )}
    </fieldset>
  );
}

interface ValoresEmpresa {
  codempre: string;
  nomempre: string;
  unidades: number[];
}

const CAMPOS = ['codempre', 'nomempre', 'unidades'] as const;

function FormularioEmpresa(props: {
  unidades: UnidadAdministrada[] | undefined;
  onTerminar: () => void;
}) {
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ValoresEmpresa>({ defaultValues: { codempre: '', nomempre: '', unidades: [] } });
  const crear = useMutation({
    ...crearEmpresaMutation,
    onSuccess: (empresa) => {
      avisos.exito(`Empresa ${empresa.codempre} creada.`);
      props.onTerminar();
    },
    onError: (error) => {
      const r = erroresDeCampo(error, CAMPOS);
      for (const campo of CAMPOS) {
        const msj = r.campos[campo];
        if (msj) setError(campo, { type: 'server', message: msj });
      }
      setGeneral(r.general);
    },
  });

  const enviar = handleSubmit((v) => {
    setGeneral(null);
    crear.mutate({ codempre: Number(v.codempre), nomempre: v.nomempre, unidades: v.unidades });
  });

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)}>
      <Modal.Body>
        {general && (
          <Alert variant="danger" role="alert">
            {general}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId="empresa-codempre">
          <Form.Label className="fw-semibold">Código</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            autoFocus
            isInvalid={Boolean(errors.codempre)}
            aria-invalid={Boolean(errors.codempre)}
            aria-describedby={errors.codempre ? 'empresa-codempre-error' : undefined}
            {...register('codempre', {
              validate: (v) =>
                v.trim() === ''
                  ? M.faltaCodigoEmpresa
                  : (/^\d+$/.test(v.trim()) && Number(v) > 0) || M.codempreInvalido,
            })}
          />
          <Form.Control.Feedback id="empresa-codempre-error" type="invalid">
            {errors.codempre?.message}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="empresa-nomempre">
          <Form.Label className="fw-semibold">Nombre</Form.Label>
          <Form.Control
            maxLength={100}
            isInvalid={Boolean(errors.nomempre)}
            aria-invalid={Boolean(errors.nomempre)}
            aria-describedby={errors.nomempre ? 'empresa-nomempre-error' : undefined}
            {...register('nomempre', { validate: (v) => v.trim() !== '' || M.nombreEmpresaVacio })}
          />
          <Form.Control.Feedback id="empresa-nomempre-error" type="invalid">
            {errors.nomempre?.message}
          </Form.Control.Feedback>
        </Form.Group>
        <Controller
          control={control}
          name="unidades"
          render={({ field, fieldState }) => (
            <CasillasUnidades
              id="empresa-unidad"
              unidades={props.unidades}
              valor={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onTerminar}>
          Cancelar
        </Button>
        <Button type="submit" disabled={crear.isPending}>
          {crear.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          Crear
        </Button>
      </Modal.Footer>
    </Form>
  );
}

function FormularioUnidades(props: {
  empresa: EmpresaAdministrada;
  unidades: UnidadAdministrada[] | undefined;
  onTerminar: () => void;
}) {
  const [tenidas] = useState(() => props.empresa.unidades.map((u) => u.ctrl).sort((a, b) => a - b));
  const [general, setGeneral] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<{ unidades: number[] }>({
    defaultValues: { unidades: tenidas },
  });
  const cambiar = useMutation({
    ...unidadesEmpresaMutation,
    onSuccess: () => {
      avisos.exito(`Unidades de ${props.empresa.nomempre} guardadas.`);
      props.onTerminar();
    },
    onError: (e) => setGeneral(marcarErroresDeCampo(e, ['unidades'], setError)),
  });
  const enviar = handleSubmit((v) => {
    setGeneral(null);
    cambiar.mutate({ codempre: props.empresa.codempre, unidades: v.unidades });
  });

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)}>
      <Modal.Body>
        {general && (
          <Alert variant="danger" role="alert">
            {general}
          </Alert>
        )}
        <Controller
          control={control}
          name="unidades"
          render={({ field, fieldState }) => (
            <CasillasUnidades
              id="empresa-cambio-unidad"
              unidades={props.unidades}
              tenidas={tenidas}
              valor={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <p className="text-secondary small mb-0">
          Una unidad que tienen usuarios de la empresa no se puede quitar: quítesela antes a ellos.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onTerminar}>
          Cancelar
        </Button>
        <Button type="submit" disabled={cambiar.isPending}>
          {cambiar.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          Guardar
        </Button>
      </Modal.Footer>
    </Form>
  );
}
