/**
 * 'Webhooks' (issue 25, administrators only): the endpoints that receive the portal's events —
 * URL, events, a company or the whole terminal, active or not, the last delivery. Registering
 * one shows its signing secret once; an endpoint is deactivated, activated or deleted from its
 * row's menu, and its delivery log opens there too, with 'Reenviar' on a failed delivery.
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
import { Controller, useForm } from 'react-hook-form';
import type { EventoWebhook, WebhookAdministrado } from '../../../shared/contracts/webhooks';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { nombreEvento } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { MenuAcciones, type AccionDeFila } from '../../components/MenuAcciones';
import { PieFormulario } from '../../components/PieFormulario';
import { SecretoUnaVez } from '../../components/SecretoUnaVez';
import { useActivarYEliminar } from '../../lib/activar-y-eliminar';
import { empresasAdministradasQuery } from '../../lib/empresas-administradas';
import { marcarErroresDeCampo, marcasDeError } from '../../lib/errores-de-campo';
import {
  activarWebhookMutation,
  crearWebhookMutation,
  eliminarWebhookMutation,
  webhooksQuery,
} from './api';
import { EntregasModal } from './EntregasModal';
import { EVENTOS, TEXTOS_WEBHOOKS as T } from './textos';

export function WebhooksPage() {
  const webhooks = useQuery(webhooksQuery);
  const [registrando, setRegistrando] = useState(false);
  const [secreto, setSecreto] = useState<string | null>(null);
  const [log, setLog] = useState<WebhookAdministrado | null>(null);
  const filas = useActivarYEliminar({
    activar: activarWebhookMutation,
    eliminar: eliminarWebhookMutation,
    cuerpoActivar: (w: WebhookAdministrado, activo) => ({ id: w.id, activo }),
    cuerpoEliminar: (w) => w.id,
    id: (w) => w.id,
    nombre: (w) => w.url,
    textos: T,
  });
  const acciones = (w: WebhookAdministrado): AccionDeFila[] => [
    { texto: T.verEntregas, hacer: () => setLog(w) },
    ...filas.acciones(w),
  ];

  let contenido;
  if (webhooks.isError) contenido = <AlgoSalioMal error={webhooks.error} />;
  else if (webhooks.isPending) contenido = <Cargando />;
  else {
    contenido = (
      <>
        <p className="small text-secondary mb-2" role="status">
          {T.cantidad(webhooks.data.length)}
          {webhooks.isFetching && (
            <Spinner size="sm" className="ms-2" aria-label="Actualizando" animation="border" />
          )}
        </p>
        <TablaWebhooks webhooks={webhooks.data} ocupado={filas.ocupado} acciones={acciones} />
      </>
    );
  }

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="titulo-pantalla mb-0">{T.titulo}</h1>
        <Button onClick={() => setRegistrando(true)}>{T.nuevo}</Button>
      </div>
      <p className="small text-secondary">{T.ayuda}</p>
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
        show={registrando}
        onHide={() => setRegistrando(false)}
        centered
        aria-labelledby="webhook-formulario-titulo"
      >
        <Modal.Header closeButton closeLabel={T.cerrar}>
          <Modal.Title id="webhook-formulario-titulo" as="h2" className="h5">
            {T.formulario}
          </Modal.Title>
        </Modal.Header>
        {registrando && (
          <FormularioWebhook
            onCancelar={() => setRegistrando(false)}
            onCreado={(s) => {
              setRegistrando(false);
              setSecreto(s);
            }}
          />
        )}
      </Modal>

      <SecretoUnaVez
        id="webhook-secreto"
        valor={secreto}
        titulo={T.creadoTitulo}
        etiqueta={T.secreto}
        advertencia={T.advertenciaSecreto}
        onCerrar={() => setSecreto(null)}
      />

      {log && <EntregasModal webhook={log} onCerrar={() => setLog(null)} />}
    </section>
  );
}

/**
 * 'HTTP 500 · 27/11/2026 10:00', 'sin respuesta · …', or none yet. The answer and the time each
 * stay whole but may go to two lines: on a 390 px phone card both do not fit on one.
 */
function ultimaEntrega(w: WebhookAdministrado) {
  if (!w.ultimoIntento) return T.sinEntregas;
  const codigo = w.ultimoHttp === null ? T.sinRespuesta : T.http(w.ultimoHttp);
  return (
    <>
      <span className="text-nowrap">{codigo} ·</span>{' '}
      <span className="text-nowrap">{fechaDdMmAaaaHhMm(w.ultimoIntento)}</span>
    </>
  );
}

function TablaWebhooks(props: {
  webhooks: WebhookAdministrado[];
  ocupado: number | null;
  acciones: (w: WebhookAdministrado) => AccionDeFila[];
}) {
  const C = T.columnas;
  return (
    // Below 768 px each row becomes a card (tabla-tarjetas.css): nothing scrolls sideways.
    <Table hover size="sm" className="align-middle bg-white tabla-tarjetas">
      <caption className="visually-hidden">{T.tabla}</caption>
      <thead>
        <tr>
          <th>{C.url}</th>
          <th>{C.eventos}</th>
          <th>{C.alcance}</th>
          <th>{C.estado}</th>
          <th>{C.ultima}</th>
          <th className="text-end">{C.cola}</th>
          <th>
            <span className="visually-hidden">{C.acciones}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.webhooks.length === 0 ? (
          <tr>
            <td colSpan={7} className="text-center text-secondary py-3">
              {T.sinEndpoints}
            </td>
          </tr>
        ) : (
          props.webhooks.map((w) => (
            <tr key={w.id} className={w.activo ? undefined : 'fila-inactiva'}>
              <th scope="row" className="fw-semibold text-break font-monospace small">
                {w.url}
              </th>
              <td data-etiqueta={C.eventos} className="small">
                <span className="valor">{w.eventos.map(nombreEvento).join(', ')}</span>
              </td>
              <td data-etiqueta={C.alcance}>
                <span className="valor">
                  {w.codempre === null ? T.todaLaTerminal : `${w.codempre} - ${w.nomempre}`}
                </span>
              </td>
              <td data-etiqueta={C.estado}>
                <span className="valor">
                  {w.activo ? (
                    <Badge bg="success">{T.activo}</Badge>
                  ) : (
                    <>
                      <Badge bg="secondary">{T.desactivado}</Badge>
                      {w.motivoInactivo && w.motivoInactivo !== 'administrador' && (
                        <span className="d-block small">{w.motivoInactivo}</span>
                      )}
                    </>
                  )}
                </span>
              </td>
              <td data-etiqueta={C.ultima}>
                <span className="valor">{ultimaEntrega(w)}</span>
              </td>
              <td data-etiqueta={C.cola} className="text-end">
                <span className="valor">{T.cola(w.pendientes, w.fallidas)}</span>
              </td>
              <td className="celda-acciones text-end">
                <MenuAcciones
                  id={`acciones-webhook-${w.id}`}
                  etiqueta={T.accionesDe(w.url)}
                  texto={T.acciones}
                  ocupado={props.ocupado === w.id}
                  acciones={props.acciones(w)}
                />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}

interface ValoresWebhook {
  url: string;
  eventos: EventoWebhook[];
  /** '' for the whole terminal. */
  codempre: string;
}

const CAMPOS = ['url', 'eventos', 'codempre'] as const;

function FormularioWebhook(props: { onCancelar: () => void; onCreado: (secreto: string) => void }) {
  const empresas = useQuery(empresasAdministradasQuery);
  const clientes = (empresas.data ?? []).filter((e) => e.codempre !== CODEMPRE_ADMINISTRADOR);
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ValoresWebhook>({ defaultValues: { url: '', eventos: [], codempre: '' } });
  const crear = useMutation({
    ...crearWebhookMutation,
    onSuccess: (creado) => {
      avisos.exito();
      props.onCreado(creado.secreto);
    },
    onError: (error) => setGeneral(marcarErroresDeCampo(error, CAMPOS, setError)),
  });

  const enviar = handleSubmit((v) => {
    setGeneral(null);
    crear.mutate({
      url: v.url.trim(),
      eventos: v.eventos,
      codempre: v.codempre === '' ? null : Number(v.codempre),
    });
  });

  const error = (campo: keyof ValoresWebhook) =>
    marcasDeError(Boolean(errors[campo]), `webhook-${campo}-error`);

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)}>
      <Modal.Body>
        {general && (
          <Alert variant="danger" role="alert">
            {general}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId="webhook-url">
          <Form.Label className="fw-semibold">{T.campoUrl}</Form.Label>
          <Form.Control
            type="url"
            inputMode="url"
            maxLength={2000}
            autoComplete="off"
            autoFocus
            placeholder="https://erp.ejemplo.com/webhooks/acopio"
            {...error('url')}
            {...register('url', {
              validate: (v) =>
                v.trim() === '' ? T.faltaUrl : /^https?:\/\//i.test(v.trim()) || T.urlNoHttp,
            })}
          />
          <Form.Control.Feedback id="webhook-url-error" type="invalid">
            {errors.url?.message}
          </Form.Control.Feedback>
          <Form.Text>{T.ayudaUrl}</Form.Text>
        </Form.Group>
        <Controller
          control={control}
          name="eventos"
          rules={{ validate: (v) => v.length > 0 || T.faltanEventos }}
          render={({ field }) => (
            <fieldset
              className="mb-3"
              aria-describedby={errors.eventos ? 'webhook-eventos-error' : undefined}
            >
              <legend className="form-label fs-6 fw-semibold">{T.campoEventos}</legend>
              <div className="row row-cols-1 row-cols-sm-2">
                {EVENTOS.map((e) => (
                  <Form.Check
                    key={e}
                    className="col"
                    id={`webhook-evento-${e}`}
                    label={nombreEvento(e)}
                    checked={field.value.includes(e)}
                    isInvalid={Boolean(errors.eventos)}
                    onBlur={field.onBlur}
                    onChange={(ev) =>
                      field.onChange(
                        ev.target.checked
                          ? EVENTOS.filter((x) => x === e || field.value.includes(x))
                          : field.value.filter((x) => x !== e),
                      )
                    }
                  />
                ))}
              </div>
              {errors.eventos && (
                <div id="webhook-eventos-error" className="invalid-feedback d-block">
                  {errors.eventos.message}
                </div>
              )}
            </fieldset>
          )}
        />
        <Form.Group className="mb-3" controlId="webhook-codempre">
          <Form.Label className="fw-semibold">{T.campoEmpresa}</Form.Label>
          <Form.Select {...error('codempre')} {...register('codempre')}>
            <option value="">{T.todaLaTerminal}</option>
            {clientes.map((e) => (
              <option key={e.codempre} value={e.codempre}>
                {`${e.codempre} - ${e.nomempre}`}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback id="webhook-codempre-error" type="invalid">
            {errors.codempre?.message}
          </Form.Control.Feedback>
          <Form.Text>{T.ayudaEmpresa}</Form.Text>
        </Form.Group>
      </Modal.Body>
      <PieFormulario
        cancelar={T.cancelar}
        enviar={T.crear}
        pendiente={crear.isPending}
        onCancelar={props.onCancelar}
      />
    </Form>
  );
}
